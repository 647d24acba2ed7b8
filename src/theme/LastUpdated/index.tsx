/**
 * Ejected from @docusaurus/theme-classic 3.10.2, LastUpdated.
 * Changed: the date is written by src/utils/utcDay for the site's locales (zh-CN and en, Gregorian
 * calendar), the same text Intl.DateTimeFormat gives, without setting up ICU's date formatting
 * while the page hydrates (15 to 40 ms of main thread at 4× CPU, issue 39); any other locale or
 * calendar still goes through useDateTimeFormat.
 */
import React, {type ReactNode} from 'react';
import Translate from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext'; // (CUSTOM)
import {ThemeClassNames} from '@docusaurus/theme-common';
import {useDateTimeFormat} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/LastUpdated';
import {utcDay} from '@site/src/utils/utcDay'; // (CUSTOM)

export type {Props};

// (CUSTOM) upstream's formatting, for a locale or calendar utcDay does not write
function IntlDay({date}: {date: Date}): ReactNode {
  const dateTimeFormat = useDateTimeFormat({
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return dateTimeFormat.format(date);
}

function LastUpdatedAtDate({lastUpdatedAt}: {lastUpdatedAt: number}): ReactNode {
  const atDate = new Date(lastUpdatedAt);
  // (CUSTOM) utcDay for the site's locales
  const {i18n: {currentLocale, localeConfigs}} = useDocusaurusContext();
  const formattedLastUpdatedAt = utcDay(atDate, currentLocale, localeConfigs[currentLocale]?.calendar ?? 'gregory') ?? <IntlDay date={atDate} />;
  return (
    <Translate
      id="theme.lastUpdated.atDate"
      description="The words used to describe on which date a page has been last updated"
      values={{
        date: (
          <b>
            <time dateTime={atDate.toISOString()} itemProp="dateModified">
              {formattedLastUpdatedAt}
            </time>
          </b>
        ),
      }}>
      {' on {date}'}
    </Translate>
  );
}

function LastUpdatedByUser({lastUpdatedBy}: {lastUpdatedBy: string}): ReactNode {
  return (
    <Translate
      id="theme.lastUpdated.byUser"
      description="The words used to describe by who the page has been last updated"
      values={{
        user: <b>{lastUpdatedBy}</b>,
      }}>
      {' by {user}'}
    </Translate>
  );
}

export default function LastUpdated({lastUpdatedAt, lastUpdatedBy}: Props): ReactNode {
  return (
    <span className={ThemeClassNames.common.lastUpdated}>
      <Translate
        id="theme.lastUpdated.lastUpdatedAtBy"
        description="The sentence used to display when a page has been last updated, and by who"
        values={{
          atDate: lastUpdatedAt ? (
            <LastUpdatedAtDate lastUpdatedAt={lastUpdatedAt} />
          ) : (
            ''
          ),
          byUser: lastUpdatedBy ? (
            <LastUpdatedByUser lastUpdatedBy={lastUpdatedBy} />
          ) : (
            ''
          ),
        }}>
        {'Last updated{atDate}{byUser}'}
      </Translate>
      {process.env.NODE_ENV === 'development' && (
        <div>
          {/* eslint-disable-next-line @docusaurus/no-untranslated-text */}
          <small> (Simulated during dev for better perf)</small>
        </div>
      )}
    </span>
  );
}
