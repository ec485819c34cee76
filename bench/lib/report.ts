/** Prints benchmark figures as an aligned table, so every script in bench/ reports the same way. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The target, e.g. "<= 180 KB"; printed beside the value with whether it is met. */
  target?: { text: string; met: boolean };
}

export function formatFigures(title: string, figures: readonly Figure[]): string {
  const nameWidth = Math.max(...figures.map((f) => f.name.length), 4);
  const lines = figures.map((f) => {
    const value = `${Number.isInteger(f.value) ? f.value : f.value.toFixed(2)} ${f.unit}`;
    const target = f.target ? `  target ${f.target.text}: ${f.target.met ? 'met' : 'NOT MET'}` : '';
    return `  ${f.name.padEnd(nameWidth)}  ${value.padStart(14)}${target}`;
  });
  return [title, ...lines].join('\n');
}

export function printFigures(title: string, figures: readonly Figure[]): void {
  console.log(formatFigures(title, figures));
}
