import {
  type DocumentLanguage,
  documentLanguages,
  isDocumentLanguage,
  languageNames,
} from '@remit/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import styled from 'styled-components';
import { useCommand } from '../../api/command';
import { fetchDocumentLanguage, saveDocumentLanguage } from '../../api/documentLanguage';
import { errorMessage } from '../../api/errors';
import { settingsKeys } from '../../api/keys';
import { Alert } from '../../components/ui/Alert';
import { SelectField } from '../invoices/fields';
import { useToast } from '../toasts/ToastProvider';
import { ProfileCard } from './parts';

const Intro = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const options = documentLanguages.map((code) => ({ value: code, label: languageNames[code] }));

/**
 * 'Documents' on /profile (issue 30): the language new invoices, their e-mails and customer pages are written in,
 * unless the client or the wizard names another. The app itself stays in English.
 */
export function DocumentLanguageCard() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const titleId = useId();
  const saved = useQuery({
    queryKey: settingsKeys.language,
    queryFn: ({ signal }) => fetchDocumentLanguage(signal),
  });
  const save = useCommand({
    send: (language: DocumentLanguage, key) => saveDocumentLanguage(language, key),
    onSuccess: (answer) => {
      queryClient.setQueryData(settingsKeys.language, { language: answer.language });
      toast(`New invoices are written in ${languageNames[answer.language]}`, { tone: 'success' });
    },
    onError: (error) => toast(errorMessage(error, 'The document language could not be saved. Try again.')),
  });
  return (
    <ProfileCard title="Documents" titleId={titleId}>
      <Intro>
        The language of your invoices, their e-mails and the customer page. A client's own language, or the
        one chosen in the invoice wizard, comes first.
      </Intro>
      {saved.isError ? (
        <Alert tone="error">Your document language could not be loaded.</Alert>
      ) : (
        <SelectField
          label="Document language"
          name="documentLanguage"
          options={options}
          value={saved.data?.language ?? 'en'}
          disabled={!saved.data || save.busy}
          error={undefined}
          onBlur={() => undefined}
          onChange={(event) => {
            const language = event.target.value;
            if (isDocumentLanguage(language) && language !== saved.data?.language) save.run(language);
          }}
        />
      )}
    </ProfileCard>
  );
}
