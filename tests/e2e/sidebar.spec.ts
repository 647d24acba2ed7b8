import {test, expect, hydrated} from './fixtures';

// Sidebar groups by path prefix: the categories each section shows.
const groups = [
  ['/guide/install', ['指南']],
  ['/config/routing', ['通用配置', '协议', '传输方式', '服务']],
  ['/config/protocols/vmess', ['通用配置', '协议', '传输方式', '服务']],
  ['/developer/intro/compile', ['开发指南', '协议详解']],
  ['/v5/config/proxy/vmess', ['概览与配置段', '代理协议', '传输协议', '服务']],
  ['/awesome/tools', ['工具']],
  ['/en_US/config/routing', ['General', 'Protocols', 'Transports', 'Services']],
  ['/en_US/v5/config/overview', ['Overview and Sections', 'Proxy Protocols', 'Stream Protocols', 'Services']],
  ['/en_US/developer/protocols/vmess', ['Developer Guide', 'Protocol Details']],
] as const;

const sidebar = (page: import('@playwright/test').Page) => page.getByRole('complementary').getByRole('navigation');

for (const [path, categories] of groups) {
  test(`sidebar groups on ${path}`, async ({page}) => {
    await page.goto(path);
    await hydrated(page);
    const buttons = sidebar(page).locator('.menu__list-item-collapsible > .menu__link');
    await expect(buttons).toHaveText([...categories]);
  });
}

test('the active page\'s group is open and the others are closed', async ({page}) => {
  await page.goto('/config/protocols/vmess');
  await hydrated(page);
  const nav = sidebar(page);
  await expect(nav.getByRole('button', {name: '协议'})).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', {name: 'VMess', exact: true})).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('button', {name: '通用配置'})).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', {name: '路由', exact: true})).toBeHidden();
});

test('sidebar groups collapse and expand', async ({page}) => {
  await page.goto('/config/routing');
  await hydrated(page);
  const nav = sidebar(page);
  const general = nav.getByRole('button', {name: '通用配置'});
  const transports = nav.getByRole('button', {name: '传输方式'});
  await general.click();
  await expect(general).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', {name: '路由', exact: true})).toBeHidden();
  await transports.click();
  await expect(transports).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', {name: 'mKCP', exact: true})).toBeVisible();
});
