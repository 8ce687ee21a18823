import type { ReactNode } from "react";

export interface HistoryRow {
  key: string | number;
  /** One cell per column, in the columns' order. */
  cells: ReactNode[];
}

/** A dated account history (invoices, token movements): a plain table, first column the date. */
export function HistoryTable({ columns, rows }: { columns: readonly string[]; rows: readonly HistoryRow[] }) {
  return (
    <table className="history-table">
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, index) => (
              <td key={columns[index] ?? index}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
