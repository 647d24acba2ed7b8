// @docusaurus/Translate for unit tests: the default (Chinese) message, with {values} filled in.
const fill = (message, values = {}) => String(message ?? '').replace(/\{(\w+)\}/g, (m, key) => (key in values ? String(values[key]) : m));
const translate = ({message}, values) => fill(message, values);
function Translate({children, values}) {
  return fill(children, values);
}
module.exports = {__esModule: true, default: Translate, translate};
