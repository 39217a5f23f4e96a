import sdkPackage from "@/lib/partner-sdk/package.json";

// Where the typed SDK's npm tarball lives: `npm run sdk:pack` (scripts/sdk-pack.ts) builds
// it into public/sdk/ during `npm run build`, and the reference links it and shows the
// install line. The file name is npm pack's own (scope and name joined by a dash, then
// the version), so the link and the file cannot disagree.

export const SDK_PACKAGE_NAME: string = sdkPackage.name;
export const SDK_PACKAGE_VERSION: string = sdkPackage.version;

/** e.g. service-partner-sdk-0.1.0.tgz */
export const SDK_TARBALL_FILE = `${SDK_PACKAGE_NAME.replace(/^@/, "").replace("/", "-")}-${SDK_PACKAGE_VERSION}.tgz`;

/** The folder under public/ and the URL path it is served at. */
export const SDK_PUBLIC_DIR = "sdk";
export const SDK_TARBALL_PATH = `/${SDK_PUBLIC_DIR}/${SDK_TARBALL_FILE}`;
