import { Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { MessageTemplateWrite } from '@paylane/shared/contracts/message-templates';
import { messages } from '@paylane/shared/messages';
import { useLocation, useNavigate, useParams } from 'react-router';
import { FormAlert } from '../../../components/form-alert';
import { useCreateMessageTemplate } from '../../../features/message-templates/api/create-message-template';
import { useMessageTemplate } from '../../../features/message-templates/api/get-message-template';
import { useUpdateMessageTemplate } from '../../../features/message-templates/api/update-message-template';
import {
  TemplateForm,
  templateTabs,
  type TemplateTab,
} from '../../../features/message-templates/components/template-form';
import { errorDetailText } from '../../../lib/notify';
import { PageHeader } from '../../../components/page-header';
import { FormSkeleton } from '../../../components/form-skeleton';

/** Path words that stand for a new template rather than an id. */
const NEW_TEMPLATE_IDS = new Set<string>(['create', ...templateTabs]);

const isTab = (value: string | undefined): value is TemplateTab =>
  (templateTabs as readonly string[]).includes(value ?? '');

/** /merchants/{merchantID}/message-templates/{messageTemplateID?}[/edit|/text|/email] (docs/product.md §2). */
export function TemplateEditPage() {
  const { merchantID = '', messageTemplateID = 'create' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const templateId = NEW_TEMPLATE_IDS.has(messageTemplateID) ? null : messageTemplateID;
  const template = useMessageTemplate(merchantID, templateId);
  const createTemplate = useCreateMessageTemplate(merchantID);
  const updateTemplate = useUpdateMessageTemplate(merchantID);

  const listPath = `/merchants/${encodeURIComponent(merchantID)}/message-templates`;
  const pagePath = `${listPath}/${encodeURIComponent(templateId ?? 'create')}`;
  const lastSegment = pathname.replace(/\/+$/, '').split('/').at(-1);
  const tab: TemplateTab = isTab(lastSegment) ? lastSegment : 'edit';

  const save = async (write: MessageTemplateWrite) => {
    if (templateId) await updateTemplate.mutateAsync({ templateId, data: write });
    else await createTemplate.mutateAsync(write);
  };
  const onSaved = () => {
    notifications.show({ color: 'green', message: messages.templateSaved, autoClose: 2000 });
    void navigate(listPath);
  };

  if (templateId && template.isPending) return <FormSkeleton fields={4} label="Loading template" />;
  if (templateId && template.isError)
    return <FormAlert messages={[errorDetailText(template.error) || 'Template not found.']} />;
  return (
    <Stack gap="md">
      <title>Message Templates · Paylane</title>
      <PageHeader
        title={template.data ? `Edit Template: ${template.data.name}` : 'Create Template'}
        backTo={listPath}
        backLabel="Message Templates"
      />
      <TemplateForm
        key={template.data?.id ?? 'new'}
        merchantId={merchantID}
        template={template.data ?? null}
        tab={tab}
        onTabChange={(next) => void navigate(next === 'edit' ? pagePath : `${pagePath}/${next}`)}
        pagePath={pagePath}
        onSave={save}
        onSaved={onSaved}
        onCancel={() => void navigate(listPath)}
      />
    </Stack>
  );
}
