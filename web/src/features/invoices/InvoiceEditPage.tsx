import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Wizard } from './InvoiceCreatePage';

/** '/invoice/{id}/edit' (issue 27): the wizard's two steps, pre-filled with the invoice, until it is final. */
export function InvoiceEditPage() {
  const { id = '' } = useParams();
  // "Load the latest version" opens the invoice again as another device left it.
  const [opened, setOpened] = useState(0);
  return (
    <Wizard
      key={`${id}-${opened}`}
      draftId={`edit-${id}`}
      editing={{ invoiceId: id }}
      onReload={() => setOpened((count) => count + 1)}
    />
  );
}
