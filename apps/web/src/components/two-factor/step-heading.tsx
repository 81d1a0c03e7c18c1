import { useEffect, useRef, type ReactNode } from 'react';

/** A step's heading, focused when the step appears so keyboard and screen reader users start there. */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h3 ref={ref} tabIndex={-1} className="two-factor-step-title">
      {children}
    </h3>
  );
}
