import { readContentType } from './readContentType';

// Types that no browser runs script in when it opens them: data the page reads, plain text
// (with `nosniff` it is never sniffed into HTML), raster images, audio, video, PDF (shown
// by the browser's own viewer, apart from the page's origin) and downloads. Everything else
// (HTML, XHTML, XML, SVG, an absent or unknown type) is treated as a document.
const INERT_TYPES = new Set([
  'application/json',
  'text/plain',
  'text/csv',
  'application/octet-stream',
  'application/pdf',
  'application/zip',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
]);

/**
 * True for a `Content-Type` that a browser opening it would not render as a document able
 * to run script: JSON (`+json` too), plain text, CSV, raster images, audio, video, PDF and
 * opaque downloads. HTML, XHTML, XML, SVG, an absent and any other type are not inert: the
 * proxy sends those with `Content-Security-Policy: sandbox` as attachments.
 */
export function isInertContentType(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const { essence } = readContentType(contentType);
  return (
    INERT_TYPES.has(essence) ||
    (essence.startsWith('application/') && essence.endsWith('+json')) ||
    essence.startsWith('audio/') ||
    essence.startsWith('video/')
  );
}
