import { portalPort, startMailCatcher } from './mail-catcher.js';

/** Before the journeys: the SMTP server the portal under test sends its mail to (e2e/mail-catcher.ts). */
export default async function globalSetup(): Promise<() => Promise<void>> {
  return startMailCatcher(portalPort());
}
