import type { CSSProperties, ReactNode } from 'react';
import './fact-list.css';

/** A label, its value, and an optional test id for the value. */
export type Fact = [label: string, value: ReactNode, testId?: string];

/**
 * Labels and values as a description list (a screen reader reads each pair): stacked on phones,
 * side by side from the small breakpoint, the labels in a column `labelWidth` px wide. Plain
 * elements (fact-list.css), for the customer's screens and the back office alike.
 */
export function FactList({ rows, labelWidth = 160 }: { rows: Fact[]; labelWidth?: number }) {
  return (
    <dl className="fact-list" style={{ '--label-width': `${labelWidth}px` } as CSSProperties}>
      {rows.map(([label, value, testId]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
