/** @deprecated The conformance suites moved to `@returnkit/testing`; import them from there. */
export * from "@returnkit/testing";
