// The connect form's starting address: the local emulator in development and e2e builds, or an address
// given at build time (WXT_DEFAULT_SITE_URL); empty in a production build, so nothing is assumed.
export const EMULATOR_SITE = 'http://127.0.0.1:8787';

export function defaultSiteAddress(env: Partial<Record<string, unknown>> = import.meta.env): string {
  const fromBuild = env.WXT_DEFAULT_SITE_URL;
  if (typeof fromBuild === 'string' && fromBuild.trim()) return fromBuild.trim();
  if (env.DEV === true || env.MODE === 'e2e') return EMULATOR_SITE;
  return '';
}
