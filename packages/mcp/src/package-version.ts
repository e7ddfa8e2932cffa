/**
 * @module package-version — this package's version, as the MCP handshake reports it. The build
 * inlines it from package.json, so a release's version is the one servers announce.
 */
import { version } from "../package.json";

export const MCP_PACKAGE_VERSION: string = version;
