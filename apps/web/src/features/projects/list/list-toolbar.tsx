import { progressStatusFilter } from '@ipportal/domain';
import { Button, Select, Switch, TextField, UploadIcon } from '@ipportal/ui';
import { useTranslation } from 'react-i18next';
import type { ListView } from './list-view';
import { Toolbar, ToolbarEnd } from './project-list.styles';

export interface ListToolbarProps {
  /** The search box's text (the URL follows once typing pauses). */
  text: string;
  onTextChange: (text: string) => void;
  status: ListView['status'];
  grouped: boolean;
  update: (patch: Partial<ListView>) => void;
  exportPending: boolean;
  exportDisabled: boolean;
  onExport: () => void;
}

/** Above the matter list: search, status filter, group by family and CSV export. */
export function ListToolbar({
  text,
  onTextChange,
  status,
  grouped,
  update,
  exportPending,
  exportDisabled,
  onExport,
}: ListToolbarProps) {
  const { t } = useTranslation();
  return (
    <Toolbar>
      <TextField
        className="search"
        type="search"
        label={t('projects.list.search')}
        placeholder={t('projects.list.searchPlaceholder')}
        value={text}
        maxLength={200}
        fullWidth
        onChange={(event) => onTextChange(event.target.value)}
      />
      <Select
        className="status"
        label={t('projects.list.status')}
        placeholder={null}
        fullWidth
        value={status}
        options={progressStatusFilter.values.map((value) => ({
          value: String(value),
          label: t(`code.progressStatusFilter.${value}`),
        }))}
        onChange={(event) => update({ status: event.target.value as ListView['status'] })}
      />
      <ToolbarEnd>
        <Switch
          label={t('projects.list.groupByFamily')}
          checked={grouped}
          onChange={(checked) => update({ groupByFamily: checked })}
        />
        <Button
          variant="secondary"
          startIcon={<UploadIcon size={18} />}
          loading={exportPending}
          disabled={exportDisabled}
          onClick={() => onExport()}
        >
          {t('projects.list.export')}
        </Button>
      </ToolbarEnd>
    </Toolbar>
  );
}
