import { fetchProjectBlob, projectBinaryPaths, uploadTrademarkImage } from '@ipportal/api-client';
import { trademarkImageContentTypes, trademarkInfoSchema, userSpaceFileMaxBytes } from '@ipportal/domain';
import type { ProjectDetail } from '@ipportal/domain';
import { Checkbox, FileDrop, useToast } from '@ipportal/ui';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch } from '../../../app/hooks';
import { EditableGroup } from './editable-group';
import { failureDetail } from './failure-detail';
import { draftOf, valuesOf } from './field-specs';
import type { Draft, FieldSpec } from './field-specs';
import { groupErrorsOf } from './group-errors';
import { SpecInput } from './spec-input';
import type { ProjectPatch } from './use-save-project';
import { EditGrid, Field, Fields, Muted, Stack } from './layout';
import { ValueOrNone } from './spec-groups';

const specs: readonly FieldSpec[] = [
  {
    key: 'searchText',
    labelKey: 'projects.field.trademarkSearchText',
    kind: 'text',
    maxLength: 500,
    wide: true,
  },
  {
    key: 'designatedGoodsAndServices',
    labelKey: 'projects.field.designatedGoodsAndServices',
    kind: 'textarea',
    maxLength: 20_000,
    wide: true,
  },
  {
    key: 'designatedGoodsClass',
    labelKey: 'projects.field.designatedGoodsClass',
    kind: 'text',
    maxLength: 2_000,
    wide: true,
  },
  {
    key: 'designatedServices',
    labelKey: 'projects.field.designatedServices',
    kind: 'textarea',
    maxLength: 20_000,
    wide: true,
  },
];

const niceClasses = Array.from({ length: 45 }, (_, i) => i + 1);

const ClassGrid = styled.fieldset`
  margin: 0;
  padding: 0;
  border: none;
  & > legend {
    margin-bottom: ${({ theme }) => theme.space.sm}px;
    font-weight: ${({ theme }) => theme.typography.fontWeight.medium};
  }
  & > div {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(72px, 1fr));
    gap: ${({ theme }) => theme.space.xs}px ${({ theme }) => theme.space.sm}px;
  }
`;

const ImageFrame = styled.div`
  display: flex;
  align-items: center;
  justify-content: center;
  width: 220px;
  height: 160px;
  border: 1px solid ${({ theme }) => theme.colors.divider};
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: ${({ theme }) => theme.colors.surfaceMuted};
  & > img {
    max-width: 100%;
    max-height: 100%;
    object-fit: contain;
  }
`;

const ImageRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.lg}px;
  align-items: flex-start;
  & > :last-child {
    flex: 1 1 260px;
    min-width: 0;
  }
`;

/** The trademark image sample, fetched with the bearer token (an <img src> cannot send it). */
function TrademarkImage({ detail }: { detail: ProjectDetail }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const fileId = detail.trademark.imageFileId;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!fileId) return;
    let active = true;
    let objectUrl: string | null = null;
    void dispatch(fetchProjectBlob(projectBinaryPaths.trademarkImage(detail.id))).then((result) => {
      if (!active || !('data' in result)) return;
      objectUrl = URL.createObjectURL(result.data);
      setUrl(objectUrl);
    });
    return () => {
      active = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [dispatch, detail.id, fileId]);
  return (
    <ImageFrame>
      {fileId && url ? (
        <img src={url} alt={t('projects.field.trademarkImage')} />
      ) : (
        <Muted>{fileId ? t('shell.loading') : t('projects.field.noImage')}</Muted>
      )}
    </ImageFrame>
  );
}

/** ja 第9類、第42類 / en Class 9, Class 42 */
function classesText(classes: readonly number[], t: TFunction) {
  return classes.map((n) => t('projects.field.classShort', { n })).join(t('projects.field.listSeparator'));
}

interface TrademarkDraft {
  fields: Draft;
  classes: number[];
}

export function TrademarkGroup({
  detail,
  readOnly,
  save,
}: {
  detail: ProjectDetail;
  readOnly: boolean;
  save: (body: ProjectPatch) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [uploading, setUploading] = useState(false);
  const trademark = detail.trademark;

  const upload = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setUploading(true);
    const result = await dispatch(uploadTrademarkImage(detail.id, file));
    setUploading(false);
    if ('error' in result)
      toast.error(t('projects.toast.uploadFailed'), { detail: failureDetail(result.error, t) });
    else toast.info(t('projects.toast.imageUploaded'));
  };

  const view = (
    <Stack>
      <ImageRow>
        <Fields>
          <Field label={t('projects.field.trademarkImage')}>
            <TrademarkImage detail={detail} />
          </Field>
        </Fields>
        {!readOnly && (
          <FileDrop
            label={t('projects.field.trademarkImageUpload')}
            accept={trademarkImageContentTypes}
            maxSize={userSpaceFileMaxBytes}
            maxFiles={1}
            multiple={false}
            disabled={uploading}
            onFilesAccepted={(files) => void upload(files)}
            onFilesRejected={() => toast.error(t('projects.toast.uploadFailed'))}
          />
        )}
      </ImageRow>
      <Fields>
        {specs.map((spec) => (
          <Field key={spec.key} label={t(spec.labelKey)} wide={spec.wide}>
            <ValueOrNone value={(trademark[spec.key as keyof typeof trademark] as string | null) ?? ''} />
          </Field>
        ))}
        <Field label={t('projects.field.classes')} wide>
          <ValueOrNone value={classesText(trademark.classes, t)} />
        </Field>
      </Fields>
    </Stack>
  );

  return (
    <EditableGroup<TrademarkDraft>
      id="matter-group-trademark"
      title={t('projects.group.trademark')}
      readOnly={readOnly}
      initial={() => ({ fields: draftOf(specs, trademark), classes: [...trademark.classes] })}
      view={view}
      edit={(draft, change, errors, idOf) => (
        <EditGrid>
          {specs.map((spec) => (
            <SpecInput
              key={spec.key}
              spec={spec}
              id={idOf(spec.key)}
              value={draft.fields[spec.key] ?? ''}
              error={errors[spec.key]}
              onChange={(value) => change({ fields: { ...draft.fields, [spec.key]: value } })}
            />
          ))}
          <ClassGrid className="wide" id={idOf('classes')}>
            <legend>{t('projects.field.classes')}</legend>
            <div>
              {niceClasses.map((n) => (
                <Checkbox
                  key={n}
                  label={t('projects.field.classShort', { n })}
                  checked={draft.classes.includes(n)}
                  onChange={(event) =>
                    change({
                      classes: event.target.checked
                        ? [...draft.classes, n].sort((a, b) => a - b)
                        : draft.classes.filter((c) => c !== n),
                    })
                  }
                />
              ))}
            </div>
          </ClassGrid>
        </EditGrid>
      )}
      validate={(draft) => {
        const values = { ...valuesOf(specs, draft.fields), classes: draft.classes };
        const result = trademarkInfoSchema.omit({ imageFileId: true }).safeParse(values);
        if (!result.success) return { errors: groupErrorsOf(result.error.issues) };
        return { body: { trademark: result.data } };
      }}
      save={save}
    />
  );
}
