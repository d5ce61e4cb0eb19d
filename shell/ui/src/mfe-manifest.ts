import { isRoleNumber, type RoleNumber } from '@portal/contracts';
import type { PortalProps, SessionUser } from './types.js';

/**
 * What a micro-frontend tells the shell about itself ("each MFE publishes its own route table and menu
 * entries"). The shell knows no domain page by name: at start it reads `remotes.json` (name → remoteEntry URL),
 * fetches each remote's `manifest.json` (beside its remoteEntry.js, emitted at build time from the MFE's
 * `src/manifest.ts` by `webpack/mfe.cjs`) and builds routing, role checks, titles and both side menus from them.
 * Adding a screen to a domain touches only that domain's MFE. Contract: shell/README.md "MFE manifests".
 *
 * The manifest is plain data (no React), so the shell reads it without loading the MFE's screens; the screens
 * are the MFE's own lazy chunks, picked by path inside its App.
 */
export interface MfePage {
  /**
   * Absolute path, e.g. '/dashboard/invite' or '/login'. A path may be listed twice with different roles and menu
   * entries (Drivers' "My Schedule" and staff's "Manage Schedule" are one screen): a role may open it when any entry
   * lets it.
   */
  path: string;
  /** Document title while the page is shown. */
  title: string;
  /** Reachable signed out (accounts §1: login, sign-up, public schedule …). */
  public?: boolean;
  /** Only these roles may open it (absent: every signed-in role). */
  allowed?: RoleNumber[];
  /** Never these roles. */
  restricted?: RoleNumber[];
  /**
   * Open to an account staff have not verified yet (the profile and what it needs): such a user sees only these
   * pages and the public ones; any other path goes to the profile (the services refuse them "under review" too).
   */
  underReview?: boolean;
  /**
   * The roles that land on this page after sign-in (and on `/`): where that role's day starts. A role no page names
   * lands on the profile; two pages naming one role: the first in the route table wins.
   */
  home?: RoleNumber[];
  /**
   * A side-menu entry for the page; absent = reachable by link only ("other dashboard routes"). `shortcut`: also a
   * button in the header for the roles the page lets in, one tap away on a phone (the driver's Scan).
   */
  menu?: { section: 'user' | 'admin'; key: string; label: string; order: number; shortcut?: boolean };
}

export interface MfeManifest {
  /** The remotes.json key, e.g. 'accounts'. */
  name: string;
  pages: MfePage[];
  /**
   * Federated modules (keys of the MFE's `exposes`, e.g. './InvitesModal') the shell renders in the frame on every
   * page while someone is signed in: a React component taking `{ portal: PortalProps }`, rendering nothing or a
   * dialog. For domain UI that belongs to no page (the invites modal after sign-in).
   */
  overlays?: string[];
}

/** Props of an overlay's default export (rendered by the shell while `user` is signed in). */
export interface MfeOverlayProps {
  portal: PortalProps;
  user: SessionUser;
}

/** Identity helper so an MFE's manifest is type-checked where it is written. */
export const defineMfe = (m: MfeManifest): MfeManifest => m;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const roleList = (v: unknown) => v === undefined || (Array.isArray(v) && v.every(isRoleNumber));

/**
 * What is wrong with a manifest (empty = fine). Run at build time by the webpack factory (a bad manifest fails the
 * MFE's build) and by the shell on what it fetched (a remote's bad manifest is ignored, not half-applied).
 */
export function manifestProblems(m: unknown, name?: string): string[] {
  if (!isObject(m)) return ['the manifest is not an object'];
  const out: string[] = [];
  if (typeof m.name !== 'string' || (name !== undefined && m.name !== name))
    out.push(`name must be "${name ?? 'the remotes.json key'}"`);
  if (!Array.isArray(m.pages)) return [...out, 'pages must be an array'];
  const keys = new Set<string>();
  for (const p of m.pages as unknown[]) {
    if (!isObject(p) || typeof p.path !== 'string' || !/^\/[^?#]*[^/?#]$|^\/$/.test(p.path)) {
      out.push(`a page has no valid path: ${JSON.stringify(p)}`);
      continue;
    }
    if (typeof p.title !== 'string' || !p.title) out.push(`${p.path}: title is required`);
    if (p.public !== undefined && typeof p.public !== 'boolean')
      out.push(`${p.path}: public must be a boolean`);
    if (p.underReview !== undefined && typeof p.underReview !== 'boolean')
      out.push(`${p.path}: underReview must be a boolean`);
    if (!roleList(p.allowed) || !roleList(p.restricted) || !roleList(p.home))
      out.push(`${p.path}: roles must be role numbers`);
    if (p.menu === undefined) continue;
    const menu = p.menu as Record<string, unknown>;
    if (!isObject(menu) || (menu.section !== 'user' && menu.section !== 'admin'))
      out.push(`${p.path}: menu.section must be 'user' or 'admin'`);
    else if (typeof menu.key !== 'string' || !menu.key || typeof menu.label !== 'string' || !menu.label)
      out.push(`${p.path}: menu needs a key and a label`);
    else if (typeof menu.order !== 'number') out.push(`${p.path}: menu.order must be a number`);
    else if (menu.shortcut !== undefined && typeof menu.shortcut !== 'boolean')
      out.push(`${p.path}: menu.shortcut must be a boolean`);
    else if (keys.has(menu.key)) out.push(`${p.path}: menu key ${menu.key} used twice`);
    else keys.add(menu.key);
  }
  if (
    m.overlays !== undefined &&
    !(Array.isArray(m.overlays) && m.overlays.every((o) => /^\.\/\w+$/.test(o)))
  )
    out.push("overlays must be exposed module names like './InvitesModal'");
  return out;
}
