import { useEffect, useState } from 'react'
import { Button, Card, QueryView, Skeleton } from '@wayfarer/ui'
import { messages } from '@wayfarer/api/messages'
import {
  AI_MAX_TOKEN_STOPS,
  AI_MAX_TOKENS,
  nearestTokenStop,
  offeredAiModels,
  upstreamModel,
  type AiModel,
  type AiSettings,
} from '@wayfarer/api/schemas'
import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { trpc } from '../../../lib/trpc'
import { aiSettingsQuery } from './queries'
import { toUserMessage } from '../../../lib/user-message'
import { useAdminTitle } from '../../../lib/page-meta'
import { ScreenHeader } from '../shell/screen-header'

type Notice = { error: boolean; text: string } | null

/** The form starts from the saved settings, the length on the nearest stop of the slider. */
const fromServer = (s: AiSettings) => ({ ...s, maxTokens: nearestTokenStop(s.maxTokens) })

/** /admin/settings: the Gemini key (with a test), AI on or off, the model, the reply's length, and Save. */
export function AiSettingsScreen() {
  useAdminTitle('AI Settings')
  const settings = useQuery(aiSettingsQuery())
  return (
    <QueryView
      query={settings}
      loading={<Skeleton className="h-96 w-full max-w-2xl" />}
      failed="Failed to load AI settings"
      failedClassName="max-w-2xl text-red-600"
    >
      {(saved) => <AiSettingsForm saved={saved} />}
    </QueryView>
  )
}

function AiSettingsForm({ saved }: { saved: AiSettings }) {
  const form = useAiSettingsForm(saved)
  const { values, set } = form
  return (
    <div className="max-w-2xl space-y-6">
      <ScreenHeader
        title="AI Settings"
        description="Configure Google Gemini for writing help in the editor and the gallery."
      />
      <Card className="space-y-6 p-6">
        <div>
          <label htmlFor="gemini-key" className="text-sm font-medium text-gray-700">
            Gemini API key
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="gemini-key"
              type="password"
              autoComplete="off"
              value={values.geminiApiKey}
              onChange={(e) => set({ geminiApiKey: e.target.value })}
              placeholder="Paste your Gemini API key"
              className="w-full rounded-lg border border-gray-300 px-3 py-2"
            />
            <Button variant="secondary" onClick={() => void form.testKey()} disabled={form.testing}>
              {form.testing ? 'Testing…' : 'Test'}
            </Button>
          </div>
          {saved.hasApiKey && (
            <p className="mt-1 text-xs text-gray-500">A key is saved; only its last characters are shown.</p>
          )}
          <NoticeText notice={form.testNotice} className="mt-2" />
        </div>
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            role="switch"
            checked={values.enabled}
            onChange={(e) => set({ enabled: e.target.checked })}
            className="h-5 w-5"
          />
          <span className="text-sm font-medium text-gray-700">Enable AI assistance</span>
        </label>
        <ModelField model={values.model} onModel={(model) => set({ model })} />
        <MaxTokensField maxTokens={values.maxTokens} onMaxTokens={(maxTokens) => set({ maxTokens })} />
        <div className="flex items-center gap-4">
          <Button onClick={() => void form.submit()} disabled={form.saving}>
            {form.saving ? 'Saving…' : 'Save'}
          </Button>
          <NoticeText notice={form.saveNotice} />
        </div>
      </Card>
    </div>
  )
}

/**
 * The form's values, taken again from the server after each save (the key then shows as its masked hint), the
 * key test and the save, each with the notice it leaves.
 */
function useAiSettingsForm(saved: AiSettings) {
  const queryClient = useQueryClient()
  const save = useMutation(trpc.settings.saveAi.mutationOptions())
  const test = useMutation(trpc.ai.test.mutationOptions())
  const [values, setValues] = useState(() => fromServer(saved))
  useEffect(() => setValues(fromServer(saved)), [saved])
  const [testNotice, setTestNotice] = useState<Notice>(null)
  const [saveNotice, setSaveNotice] = useState<Notice>(null)
  return {
    values,
    set: (change: Partial<typeof values>) => setValues((v) => ({ ...v, ...change })),
    testing: test.isPending,
    saving: save.isPending,
    testNotice,
    saveNotice,
    testKey: async () => {
      setTestNotice(null)
      if (!values.geminiApiKey.trim()) return setTestNotice({ error: true, text: messages.ai.emptyKey })
      try {
        const result = await test.mutateAsync({ apiKey: values.geminiApiKey, model: values.model })
        setTestNotice({ error: false, text: result.message })
      } catch (e) {
        setTestNotice({ error: true, text: toUserMessage(e, messages.ai.testFailed, messages.ai.testNetwork) })
      }
    },
    submit: async () => {
      setSaveNotice(null)
      const { geminiApiKey, enabled, model, maxTokens } = values
      try {
        await save.mutateAsync({ geminiApiKey, enabled, model, maxTokens })
        await queryClient.invalidateQueries(trpc.settings.ai.queryFilter())
        setSaveNotice({ error: false, text: messages.ai.saved })
      } catch (e) {
        setSaveNotice({ error: true, text: toUserMessage(e, messages.ai.saveFailed, messages.ai.saveAiFailed) })
      }
    },
  }
}

function NoticeText({ notice, className = '' }: { notice: Notice; className?: string }) {
  if (!notice) return null
  return (
    <p
      role={notice.error ? 'alert' : 'status'}
      className={`${className} text-sm ${notice.error ? 'text-red-600' : 'text-green-700'}`}
    >
      {notice.text}
    </p>
  )
}

function ModelField({ model, onModel }: { model: AiModel; onModel: (model: AiModel) => void }) {
  return (
    <div>
      <label htmlFor="ai-model" className="text-sm font-medium text-gray-700">
        Model
      </label>
      <select
        id="ai-model"
        value={model}
        onChange={(e) => onModel(e.target.value as AiModel)}
        className="mt-1 w-full rounded-lg border border-gray-300 px-3 py-2"
      >
        {modelChoices(model).map((m) => (
          <option key={m} value={m}>
            {m}
            {m === 'gemini-1.5-pro' ? ' (recommended)' : ''}
          </option>
        ))}
      </select>
      {upstreamModel(model) !== model && (
        <p className="mt-1 text-xs text-gray-600">
          Google has retired {model}; requests use {upstreamModel(model)}, its current equivalent.
        </p>
      )}
    </div>
  )
}

/** A slider over the allowed stops (500 to 4096 in steps), read out as "N tokens". */
function MaxTokensField({ maxTokens, onMaxTokens }: { maxTokens: number; onMaxTokens: (n: number) => void }) {
  return (
    <div>
      <label htmlFor="max-tokens" className="text-sm font-medium text-gray-700">
        Max tokens: {maxTokens}
      </label>
      <input
        id="max-tokens"
        type="range"
        min={0}
        max={AI_MAX_TOKEN_STOPS.length - 1}
        step={1}
        value={Math.max(0, AI_MAX_TOKEN_STOPS.indexOf(maxTokens))}
        aria-valuetext={`${maxTokens} tokens`}
        onChange={(e) => onMaxTokens(AI_MAX_TOKEN_STOPS[Number(e.target.value)] ?? AI_MAX_TOKENS.default)}
        className="mt-2 w-full"
      />
    </div>
  )
}

/** The three models offered, plus a saved current-model name (set through the API) so it is never silently changed. */
const modelChoices = (saved: AiModel): readonly AiModel[] =>
  (offeredAiModels as readonly AiModel[]).includes(saved) ? offeredAiModels : [...offeredAiModels, saved]
