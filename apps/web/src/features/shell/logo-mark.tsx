/** The product mark (decorative; the logo link carries the name). */
export function LogoMark() {
  return (
    <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" fill="currentColor" fillOpacity="0.16" />
      <path d="M9 8h4v16H9zM16 8h5a5 5 0 010 10h-1v6h-4zm4 3v4h1a2 2 0 000-4z" fill="currentColor" />
    </svg>
  );
}
