import { useEffect, useRef, useState } from 'react';
import { GRID_TEXT } from '@portal/contracts';

/** A column's text filter: typed at once, sent 300 ms after the last key. */
export function FilterInput({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  testId: string;
}) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text === sent.current) return;
    const timer = window.setTimeout(() => {
      sent.current = text;
      latest.current(text);
    }, 300);
    return () => window.clearTimeout(timer);
  }, [text]);
  return (
    <input
      className="dg-filter"
      type="search"
      value={text}
      placeholder={GRID_TEXT.filterPlaceholder}
      aria-label={GRID_TEXT.filter(label)}
      data-testid={testId}
      maxLength={100}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
