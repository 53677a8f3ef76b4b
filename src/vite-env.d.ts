/// <reference types="vite/client" />
declare const __BUILD_ID__: string;
declare const __PRODUCT_NAME__: string;
