import type { MemberError } from '@/lib/db/member-error';

/** The site's 403 switched_off for files (reason files), from an upload or from POST /calls. */
export function isFilesSwitchedOff(error: MemberError | null | undefined): boolean {
  return error?.code === 'switched_off' && error.extras.reason === 'files';
}
