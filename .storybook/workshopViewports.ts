/**
 * The preview sizes the layout stories are written for, as the viewport toolbar's options:
 * a 375 px phone, and a 1280 × 800 window zoomed to 200 %, which lays pages out in
 * 640 × 400 CSS pixels (WCAG 1.4.4 and 1.4.10).
 *
 * @example
 * ```ts
 * const story = { globals: { viewport: { value: 'narrow375', isRotated: false } } };
 * ```
 */
export const workshopViewports = {
  narrow375: {
    name: 'Phone, 375 px wide',
    styles: { width: '375px', height: '667px' },
    type: 'mobile',
  },
  zoom200: {
    name: '1280 × 800 at 200 % zoom',
    styles: { width: '640px', height: '400px' },
    type: 'desktop',
  },
} as const;
