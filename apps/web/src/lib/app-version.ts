declare const FLOORDESK_VERSION: string;

/**
 * The version this build carries, the product's one version: vite.config.ts defines it as the server does its own
 * (BUILD_VERSION, else the root package.json's), so error reports and What's New name the same release.
 */
export const APP_VERSION: string = FLOORDESK_VERSION;
