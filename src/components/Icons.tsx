import type { ReactNode } from 'react';

/** Small line icons; decorative (the control next to them carries the name). */
function LineIcon({ name, size, children }: { name: string; size: number; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      data-icon={name}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

export function EyeIcon() {
  return (
    <LineIcon name="eye" size={20}>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </LineIcon>
  );
}

export function PencilIcon() {
  return (
    <LineIcon name="pencil" size={20}>
      <path d="M4 20h4L19 9l-4-4L4 16v4Zm9-13 4 4" />
    </LineIcon>
  );
}

export function CheckIcon() {
  return (
    <LineIcon name="check" size={16}>
      <path d="m5 12 5 5 9-10" />
    </LineIcon>
  );
}

export function LeafIcon() {
  return (
    <LineIcon name="leaf" size={24}>
      <path d="M5 19c0-8 5-13 15-14-1 10-6 15-14 15M5 19l7-7" />
    </LineIcon>
  );
}

export function GiftIcon() {
  return (
    <LineIcon name="gift" size={24}>
      <path d="M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-1-3-5-4-5-1 0 1 1 1 5 1Zm0 0c1-3 5-4 5-1 0 1-1 1-5 1Z" />
    </LineIcon>
  );
}
