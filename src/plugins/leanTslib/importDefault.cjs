// tslib 2's __importDefault, the one helper @docusaurus/utils-common takes from tslib (src/plugins/leanTslib).
'use strict';
exports.__importDefault = function __importDefault(mod) {
  return mod && mod.__esModule ? mod : {default: mod};
};
