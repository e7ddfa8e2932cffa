// Deprecated: the conformance suites moved to @returnkit/testing. This re-export stays for one release.
export * from "@returnkit/testing";
