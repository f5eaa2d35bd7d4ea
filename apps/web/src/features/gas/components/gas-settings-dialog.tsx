import {
  GAS_BASE_MULTIPLIERS,
  type GasEntry,
  type GasProblem,
  GasPresetType,
  WALLET_PRIORITY_OPTIONS,
} from '@floordesk/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setPanelOpen, usePanelOpen } from '../../../stores/panels-store';
import { Dialog } from '../../../components/ui/dialog';
import { Segmented } from '../../../components/ui/segmented';
import { useSession } from '../../../stores/session-store';
import { copiesPriority, draftOf, entryOfDraft, filterGweiText, type GasDraft, hasOwnFee } from '../gas-draft';
import { presetFeeFigures, useBaseFeeWei } from '../../../lib/gas-fees';
import { useGasEntries } from '../../../stores/gas-store';
import { gasSync } from '../gas-sync';

/** The Custom Gas Fee settings, panel 'gas'. */
export function GasSettingsDialog() {
  const { t } = useTranslation();
  const open = usePanelOpen('gas');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => setPanelOpen('gas', next)}
      title={t('gas.settings')}
      description={t('gas.settings_hint')}
      className="max-w-2xl"
    >
      {/* Closed dialogs unmount their content: every opening starts from the saved presets. */}
      <GasSettingsForm />
    </Dialog>
  );
}

function GasSettingsForm() {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const entries = useGasEntries();
  const baseFeeWei = useBaseFeeWei();
  const [drafts, setDrafts] = useState(() => entries.map(draftOf));
  // Problems show once the user tries to save, then follow the typing.
  const [triedSave, setTriedSave] = useState(false);
  const results = drafts.map(entryOfDraft);

  function edit(type: GasPresetType, change: Partial<GasDraft>) {
    setDrafts((current) => current.map((draft) => (draft.type === type ? { ...draft, ...change } : draft)));
  }

  function save() {
    setTriedSave(true);
    // The selection as it is now: keys 1–6 may have changed it while the form was open.
    const selected = entries.find((entry) => entry.status === 1)?.type;
    const saved = results.flatMap((result): GasEntry[] =>
      result.entry ? [{ ...result.entry, status: result.entry.type === selected ? 1 : 0 }] : [],
    );
    if (!token || saved.length !== results.length) return;
    gasSync.change(token, saved);
    setPanelOpen('gas', false);
  }

  return (
    <form
      className="mt-3 flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <div className="flex max-h-[calc(100dvh-14rem)] flex-col gap-2 overflow-y-auto">
        {drafts.map((draft, index) => {
          const result = results[index]!;
          return (
            <PresetRow
              key={draft.type}
              draft={draft}
              keyNumber={index + 1}
              problem={triedSave ? result.problem : null}
              figures={result.entry ? presetFeeFigures(result.entry, baseFeeWei) : undefined}
              onEdit={(change) => edit(draft.type, change)}
            />
          );
        })}
      </div>
      <div className="flex justify-end">
        <button type="submit" className="button-primary">
          {t('gas.save')}
        </button>
      </div>
    </form>
  );
}

type PresetRowProps = {
  draft: GasDraft;
  keyNumber: number;
  problem: GasProblem | null;
  figures: ReturnType<typeof presetFeeFigures>;
  onEdit: (change: Partial<GasDraft>) => void;
};

function PresetRow({ draft, keyNumber, problem, figures, onEdit }: PresetRowProps) {
  const { t } = useTranslation();
  const name = t(`gas.preset.${draft.type}`);
  const bases = GAS_BASE_MULTIPLIERS[draft.type];
  let effective = '—';
  if (figures === 'unset') effective = t('gas.unset');
  else if (figures === 'wallet') effective = t('gas.by_wallet');
  else if (figures)
    effective = t(draft.type === GasPresetType.Dynamic ? 'gas.effective_dynamic' : 'gas.effective', figures);

  return (
    <fieldset
      data-testid={`gas-settings-${draft.type}`}
      className="grid gap-x-3 gap-y-1.5 rounded border border-line bg-canvas/40 px-2.5 py-2 sm:grid-cols-[8rem_1fr]"
    >
      <legend className="sr-only">{name}</legend>
      <div className="min-w-0">
        <p className="flex items-center gap-1.5 font-semibold text-fg">
          <kbd className="rounded border border-line px-1 font-mono text-[10px] text-faint">{keyNumber}</kbd>
          {name}
        </p>
        <p className="text-[11px] leading-snug text-faint">{t(`gas.about.${draft.type}`)}</p>
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          {draft.type === GasPresetType.Wallet ? (
            <Segmented
              label={t('gas.wallet_priority')}
              options={WALLET_PRIORITY_OPTIONS.map((option) => option?.toString() ?? '')}
              value={draft.prio}
              onChange={(prio) => onEdit({ prio })}
              labelOf={(option) => (option === '' ? t('gas.wallet_default') : `${option} Gwei`)}
            />
          ) : (
            <GweiInput
              label={t('gas.priority')}
              ariaLabel={t('gas.priority_of', { name })}
              value={draft.prio}
              onChange={(prio) => onEdit(copiesPriority(draft.type) ? { prio, fee: prio } : { prio })}
            />
          )}
          {hasOwnFee(draft.type) && (
            <GweiInput
              label={t('gas.fee')}
              ariaLabel={t('gas.fee_of', { name })}
              value={draft.fee}
              onChange={(fee) => onEdit({ fee })}
            />
          )}
          {bases.length > 1 && (
            <span className="flex items-center gap-1 text-[11px] text-muted">
              <span className="min-w-14">{t('gas.base')}</span>
              <Segmented
                label={t('gas.base_of', { name })}
                options={bases}
                value={draft.base}
                onChange={(base) => onEdit({ base })}
                labelOf={(base) => (base === 0 ? t('gas.undouble') : String(base))}
              />
            </span>
          )}
        </div>
        <p className="font-mono text-[11px] text-muted" data-testid={`gas-effective-${draft.type}`}>
          {effective}
        </p>
        {problem && (
          <p role="alert" className="text-[12px] text-danger">
            {t(problem)}
          </p>
        )}
      </div>
    </fieldset>
  );
}

type GweiInputProps = { label: string; ariaLabel: string; value: string; onChange: (value: string) => void };

function GweiInput({ label, ariaLabel, value, onChange }: GweiInputProps) {
  return (
    <label className="flex items-center gap-1 text-[11px] text-muted">
      {/* One width for every label, so the inputs line up when the row wraps. */}
      <span className="min-w-14">{label}</span>
      <input
        inputMode="decimal"
        autoComplete="off"
        aria-label={ariaLabel}
        value={value}
        onChange={(event) => onChange(filterGweiText(event.target.value))}
        className="h-7 w-20 rounded border border-line bg-panel px-1.5 font-mono text-[12px] text-fg outline-none focus:border-accent/60"
      />
      <span className="text-faint">Gwei</span>
    </label>
  );
}
