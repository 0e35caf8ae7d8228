// The member's short name for each switch a `switched_off` refusal can name (its `reason`): one list for
// the background's error messages and the panel's words. Free of zod, so the panel can import it.

/** The switch's short name, or null for a reason this version does not know (each caller words those its own way). */
export function knownSwitchName(reason: string | null | undefined): string | null {
  switch (reason) {
    case 'files':
      return 'Files';
    case 'tryNewAgents':
      return 'New agents';
    case 'sharing':
      return 'Sharing';
    case 'spending':
      return 'Spending';
    default:
      return null;
  }
}
