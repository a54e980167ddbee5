import { useEffect, useState } from 'react';
import { Button, Dropdown, message } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { workflowApi, type CommonWords } from './workflowApi.js';

/**
 * 审批常用语 beside the comment: picking one puts it into the comment; the comment as written can be kept as the
 * user's own words. The list is the selector's (system words, then the user's own).
 */
export function CommonWordsPicker({ opinion, onPick }: { opinion: string; onPick: (text: string) => void }) {
  const { t } = useTranslation();
  const [words, setWords] = useState<CommonWords[]>([]);
  const load = () => workflowApi.words().then(setWords, () => setWords([]));
  useEffect(() => {
    void load();
  }, []);
  const save = async () => {
    const answer = await workflowApi.addWords(opinion.trim());
    void message.success({ content: answer.msg, duration: 1.5 });
    await load();
  };
  return (
    <span className="workflow-words">
      <span data-testid="common-words">
        <Dropdown
          trigger={['click']}
          menu={{
            items: words.length ? words.map((w) => ({ key: w.id, label: w.commonWordsText })) : [{ key: 'none', label: t('workflow.noCommonWords'), disabled: true }],
            onClick: ({ key }) => {
              const chosen = words.find((w) => w.id === key);
              if (chosen) onPick(chosen.commonWordsText);
            },
          }}
        >
          <Button size="small">
            {t('workflow.commonWords')} <DownOutlined />
          </Button>
        </Dropdown>
      </span>
      <Button size="small" type="link" disabled={!opinion.trim()} onClick={() => void save()}>
        {t('workflow.addCommonWords')}
      </Button>
    </span>
  );
}
