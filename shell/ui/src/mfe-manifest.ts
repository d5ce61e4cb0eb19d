import type { RoleNumber } from '@portal/contracts';

/**
 * What a micro-frontend tells the shell about itself (issue 10: "each MFE publishes its own route table and menu
 * entries"). The shell knows no domain page by name: at start it reads `remotes.json` (name → remote URL), loads each
 * remote's manifest and builds routing, role checks and both side menus from them. Adding a screen to a domain
 * touches only that domain's MFE.
 *
 * The manifest is plain data (no React), so the shell can read it without loading the MFE's screens; the screens
 * are the MFE's own lazy chunks, picked by path inside its App.
 */
export interface MfePage {
  /** Absolute path, e.g. '/dashboard/invite' or '/login'. */
  path: string;
  /** Document title while the page is shown. */
  title: string;
  /** Reachable signed out (accounts §1: login, sign-up, public schedule …). */
  public?: boolean;
  /** Only these roles may open it (absent: every signed-in role). */
  allowed?: RoleNumber[];
  /** Never these roles. */
  restricted?: RoleNumber[];
  /** A side-menu entry for the page; absent = reachable by link only ("other dashboard routes"). */
  menu?: { section: 'user' | 'admin'; key: string; label: string; order: number };
}

export interface MfeManifest {
  /** The remotes.json key, e.g. 'accounts'. */
  name: string;
  pages: MfePage[];
}

/** Identity helper so an MFE's manifest is type-checked where it is written. */
export const defineMfe = (m: MfeManifest): MfeManifest => m;
