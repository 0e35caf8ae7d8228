import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

/** The connected site, for buttons that open the member's own pages there. */
export interface Site {
  origin: string;
  connectionId: string;
}

export const SiteContext = createContext<Site | null>(null);

export function useSite(): Site | null {
  return useContext(SiteContext);
}
