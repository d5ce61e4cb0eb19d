import { useEffect, useState } from 'react';
import { MOBILE_BREAKPOINT_PX, isValidEmail } from '@portal/contracts';

export function useMediaQuery(query: string): boolean {
  const [match, setMatch] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const mql = window.matchMedia(query);
    const on = () => setMatch(mql.matches);
    on();
    mql.addEventListener('change', on);
    return () => mql.removeEventListener('change', on);
  }, [query]);
  return match;
}

/** At or below the spec's 700 px mobile breakpoint (accounts §9); the shell mirrors it as the html.pu-mobile class. */
export const useIsMobile = () => useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);

/** The one email rule (contracts isValidEmail, the server's and the SMTP path's), on the trimmed text. */
export const isEmail = (s: string): boolean => isValidEmail(s.trim());
