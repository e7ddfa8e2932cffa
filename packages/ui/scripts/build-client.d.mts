/** Builds the browser bundles into dist/assets; resolves to the manifest (logical → hashed name). */
export function buildClient(): Promise<Record<string, string>>;
