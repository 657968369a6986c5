/** The 'Powered by' badge, 135x16 (spec section 9). */
export function PoweredBy() {
  return (
    <a href="/" style={{ display: 'inline-block', lineHeight: 0 }}>
      <svg width="135" height="16" viewBox="0 0 135 16" role="img">
        <title>Powered by RTB Panel</title>
        <rect width="135" height="16" rx="4" fill="#1f2a24" />
        <rect x="74" width="61" height="16" rx="4" fill="#15803d" />
        <rect x="74" width="8" height="16" fill="#15803d" />
        <text x="8" y="11.5" fill="#ffffff" fontFamily="Arial, sans-serif" fontSize="9">
          Powered by
        </text>
        <text x="80" y="11.5" fill="#ffffff" fontFamily="Arial, sans-serif" fontSize="9" fontWeight="bold">
          RTB Panel
        </text>
      </svg>
    </a>
  );
}
