import { ChevronRight, LoaderCircle, Wallet } from 'lucide-react';

type WalletButtonProps = {
  name: string;
  icon: string | undefined;
  pending: boolean;
  disabled: boolean;
  onClick: () => void;
};

export function WalletButton({ name, icon, pending, disabled, onClick }: WalletButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className="group flex h-11 w-full items-center gap-3 rounded-md border border-line bg-canvas px-3 text-left text-fg transition-colors hover:border-accent/60 hover:bg-raised disabled:cursor-not-allowed disabled:opacity-60"
    >
      {icon ? (
        <img src={icon} alt="" className="size-6 rounded" />
      ) : (
        <Wallet size={20} className="text-muted" aria-hidden />
      )}
      <span className="min-w-0 flex-1 truncate font-medium">{name}</span>
      {pending ? (
        <LoaderCircle size={16} className="animate-spin text-accent" aria-hidden />
      ) : (
        <ChevronRight size={16} className="text-faint group-hover:text-accent" aria-hidden />
      )}
    </button>
  );
}
