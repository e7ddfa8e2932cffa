// Deprecated: the conformance suites moved to @returnkit/testing. This re-export stays for one release.
module.exports = require("@returnkit/testing");
