import { Segmented } from './segmented';

const ALL = 'all';

type WalletFilterProps = {
  /** What the buttons choose, for screen readers. */
  label: string;
  /** The button for every wallet at once. */
  allLabel: string;
  wallets: readonly string[];
  /** The wallet chosen, or null for all of them. */
  value: string | null;
  onChange: (wallet: string | null) => void;
  nameOf: (wallet: string) => string;
};

/** All of the trader's wallets, or one of them: what a page over their own wallets shows. */
export function WalletFilter({ label, allLabel, wallets, value, onChange, nameOf }: WalletFilterProps) {
  return (
    <Segmented
      label={label}
      options={[ALL, ...wallets]}
      value={value ?? ALL}
      onChange={(option) => onChange(option === ALL ? null : option)}
      labelOf={(option) => (option === ALL ? allLabel : nameOf(option))}
    />
  );
}
