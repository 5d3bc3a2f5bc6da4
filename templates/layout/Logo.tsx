export function Logo({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#0f172a" />
      <path d="M9 23V9h7.5a4.5 4.5 0 010 9H13" fill="none" stroke="#fb923c" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M18 23l5-5" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  )
}
