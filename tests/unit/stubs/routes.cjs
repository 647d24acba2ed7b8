// @generated/routes for unit tests: empty until a test puts its route tree in.
const routes = [];
module.exports = {__esModule: true, default: routes};
