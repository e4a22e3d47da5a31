// Inline icons of the search dialog, as SVG markup (decorative: aria-hidden).
const svg = (body: string, size = 20) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 20 20" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${body}</svg>`;

export const ICONS = {
  search: svg('<circle cx="8.5" cy="8.5" r="5.5"/><path d="m13 13 4.5 4.5"/>'),
  spinner: svg('<path d="M10 2.5a7.5 7.5 0 1 0 7.5 7.5" class="search-spinner-arc"/>'),
  page: svg('<path d="M5 2.5h7l3 3v12H5z"/><path d="M12 2.5v3h3M7.5 10h5M7.5 13h5"/>'),
  heading: svg('<path d="M8 3 6 17M14 3l-2 14M3.5 7.5h13M3 12.5h13"/>'),
  content: svg('<path d="M4 5h12M4 10h12M4 15h7"/>'),
  recent: svg('<circle cx="10" cy="10" r="7"/><path d="M10 6v4l2.5 2.5"/>'),
  star: svg('<path d="m10 2.8 2.2 4.6 5 .6-3.7 3.5 1 5-4.5-2.5-4.5 2.5 1-5L2.8 8l5-.6z"/>'),
  close: svg('<path d="m5 5 10 10M15 5 5 15"/>', 16),
  enter: svg('<path d="M16 4v6H5M8 6.5 4.5 10 8 13.5"/>', 16),
  noResults: svg('<circle cx="8.5" cy="8.5" r="5.5"/><path d="m13 13 4.5 4.5M6.5 6.5l4 4M10.5 6.5l-4 4"/>', 40),
  error: svg('<circle cx="10" cy="10" r="7.5"/><path d="M10 6v5M10 14h.01"/>', 40),
} as const;
