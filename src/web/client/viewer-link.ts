/**
 * A page opened through a viewer link (spec 02 Authentication 4): the server kept the link in
 * the browser (an HttpOnly cookie) when the page loaded with `?link=`; here the parameter is taken
 * out of the address and the tab remembers it is a link reader, so the app shows only the App's
 * reader: no Ask, no Blocks, no authoring.
 */
import { takeParam } from './router.js';

const KEY = 'svc-viewer-link';

/** Reads and removes `?link=` once, at start; true from then on in this tab. */
export function readViewerLink(): boolean {
  if (typeof window === 'undefined') return false;
  if (takeParam('link') !== undefined) sessionStorage.setItem(KEY, '1');
  return sessionStorage.getItem(KEY) === '1';
}

export const viewingByLink = readViewerLink();
