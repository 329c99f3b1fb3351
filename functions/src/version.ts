/** The app version from the product spec: the one place it is written (the web app and /health read it). */
export const APP_VERSION = '0.2.11';
