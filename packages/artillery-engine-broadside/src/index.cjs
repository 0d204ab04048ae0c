// Artillery loads engines with require('artillery-engine-<name>') and expects the class itself.
module.exports = require('./engine.ts').BroadsideEngine;
