/// <reference types="vite/client" />

/** The `version` of package.json, shown in the side bar's footer. */
declare const __APP_VERSION__: string;
