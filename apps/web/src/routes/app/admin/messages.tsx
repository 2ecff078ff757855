import { MessageDetail } from '../../../features/admin/components/message-detail';
import { MessageList } from '../../../features/admin/components/message-list';
import { useListParams } from '../../../features/admin/hooks/use-list-params';

/** /app/admin/messages: contact and support messages; `?message=ID` shows one in full. */
export function Component() {
  const { params } = useListParams([]);
  const messageId = params.get('message');
  if (!messageId) return <MessageList />;
  const listSearch = new URLSearchParams(params);
  listSearch.delete('message');
  return <MessageDetail messageId={messageId} backTo={{ search: listSearch.size > 0 ? `?${listSearch}` : '' }} />;
}
