<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AgreementView</name>
    <message>
        <source>Dimension / step</source>
        <translation>维度 / 步骤</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>α 95% CI</source>
        <translation>α 95% 置信区间</translation>
    </message>
    <message>
        <source>α humans only</source>
        <translation>α（仅人工）</translation>
    </message>
    <message>
        <source>Units</source>
        <translation>单元数</translation>
    </message>
    <message>
        <source>Raters (people + LLM)</source>
        <translation>评分者（人工 + LLM）</translation>
    </message>
    <message>
        <source>Rater pairs (κ)</source>
        <translation>评分者配对（κ）</translation>
    </message>
    <message>
        <source>Rater A</source>
        <translation>评分者 A</translation>
    </message>
    <message>
        <source>Rater B</source>
        <translation>评分者 B</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>κ 95% CI</source>
        <translation>κ 95% 置信区间</translation>
    </message>
    <message>
        <source>Raw agreement</source>
        <translation>原始一致率</translation>
    </message>
    <message>
        <source>Pull: κ blind (n)</source>
        <translation>牵引：盲标 κ（n）</translation>
    </message>
    <message>
        <source>Pull: κ revealed (n)</source>
        <translation>牵引：揭示后 κ（n）</translation>
    </message>
    <message>
        <source>Figures</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Disagreements</source>
        <translation>分歧</translation>
    </message>
    <message>
        <source>Agreement</source>
        <translation>一致性</translation>
    </message>
    <message>
        <source>Send to a rater…</source>
        <translation>发送给评分者…</translation>
    </message>
    <message>
        <source>κ and α need a second rater: write a blind package for a colleague</source>
        <translation>κ 和 α 需要第二位评分者：为同事生成一个盲评包</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重新计算</translation>
    </message>
    <message>
        <source>Rater pairs</source>
        <translation>评分者配对</translation>
    </message>
    <message>
        <source>α: Krippendorff's alpha (nominal, missing values allowed) over first-pass labels; κ: Cohen's kappa on the units both raters labelled; intervals: percentile bootstrap over units ({n_resamples:,} resamples, seed 42). A rater paired with “&lt;name&gt;:retest” is test–retest agreement. The pull compares a human's agreement with an LLM pre-labeler on labels made blind and labels made after the pre-label was revealed.</source>
        <translation>α：基于首轮标注的 Krippendorff alpha（名义尺度，允许缺失值）；κ：两位评分者都标注过的单元上的 Cohen kappa；区间：对单元做百分位 bootstrap（{n_resamples:,} 次重抽样，种子 42）。与“&lt;name&gt;:retest”配对的评分者表示重测一致性。“牵引”比较人工评分者在盲标与看到 LLM 预标注后所做标注上与该预标注者的一致性。</translation>
    </message>
    <message>
        <source>No labels yet: label evidence pairs or reasoning traces, or ask a second rater (File › Send to a rater…).</source>
        <translation>尚无标注：请标注证据对或推理过程，或邀请第二位评分者（文件 › 发送给评分者…）。</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>1 human rater: {names}</source>
        <translation>1 位人工评分者：{names}</translation>
    </message>
    <message>
        <source>{n} human raters: {names}</source>
        <translation>{n} 位人工评分者：{names}</translation>
    </message>
    <message>
        <source>; 1 LLM pre-labeller ({names}), counted apart: their pairs with people are human–LLM agreement</source>
        <translation>；1 个 LLM 预标注者（{names}），单独计算：它与人工的配对属于人–LLM 一致性</translation>
    </message>
    <message>
        <source>; {n} LLM pre-labellers ({names}), counted apart: their pairs with people are human–LLM agreement</source>
        <translation>；{n} 个 LLM 预标注者（{names}），单独计算：它们与人工的配对属于人–LLM 一致性</translation>
    </message>
    <message>
        <source> κ and α between people need a second rater: File › Send to a rater… (or a retest pass).</source>
        <translation> 人工之间的 κ 和 α 需要第二位评分者：文件 › 发送给评分者…（或进行一轮重测）。</translation>
    </message>
    <message>
        <source>Needs a second rater: File › Send to a rater…; File › Merge returned labels… brings their labels in.</source>
        <translation>需要第二位评分者：文件 › 发送给评分者…；用 文件 › 合并返回的标注… 导入其标注。</translation>
    </message>
    <message>
        <source>– needs a second rater: File › Send to a rater…</source>
        <translation>– 需要第二位评分者：文件 › 发送给评分者…</translation>
    </message>
</context>
<context>
    <name>AppController</name>
    <message>
        <source>New project</source>
        <translation>新建项目</translation>
    </message>
    <message>
        <source>Creating the project</source>
        <translation>正在创建项目</translation>
    </message>
    <message>
        <source>Open project</source>
        <translation>打开项目</translation>
    </message>
    <message>
        <source>Encrypted sealed file</source>
        <translation>加密的封存文件</translation>
    </message>
    <message>
        <source>Passphrase for {name}:</source>
        <translation>{name} 的口令：</translation>
    </message>
    <message>
        <source>Checking the seal of {name}</source>
        <translation>正在检查 {name} 的封印</translation>
    </message>
    <message>
        <source>Open sealed file</source>
        <translation>打开封存文件</translation>
    </message>
    <message>
        <source>Opening the rater package {name}</source>
        <translation>正在打开评分包 {name}</translation>
    </message>
    <message>
        <source>Open rater package</source>
        <translation>打开评分包</translation>
    </message>
    <message>
        <source>Project in use</source>
        <translation>项目正在使用中</translation>
    </message>
    <message>
        <source>{v0}

Open {name} read-only instead?</source>
        <translation>{v0}

改为以只读方式打开 {name}？</translation>
    </message>
    <message>
        <source>Rebuild it (a few minutes, in the background) or open it as it is?</source>
        <translation>重新构建（需几分钟，在后台进行），还是按现状打开？</translation>
    </message>
    <message>
        <source>Rebuild</source>
        <translation>重新构建</translation>
    </message>
    <message>
        <source>Open as it is</source>
        <translation>按现状打开</translation>
    </message>
    <message>
        <source>Building the demo project</source>
        <translation>正在构建演示项目</translation>
    </message>
    <message>
        <source>Open demo</source>
        <translation>打开演示</translation>
    </message>
</context>
<context>
    <name>ConflictsView</name>
    <message>
        <source>Item</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Success</source>
        <translation>成功</translation>
    </message>
    <message>
        <source>Diverged at</source>
        <translation>偏离于</translation>
    </message>
    <message>
        <source>Conditions</source>
        <translation>条件</translation>
    </message>
    <message>
        <source>strict accuracy</source>
        <translation>严格准确率</translation>
    </message>
    <message>
        <source>conflict-aware success</source>
        <translation>冲突感知成功率</translation>
    </message>
    <message>
        <source>conflict F1</source>
        <translation>冲突 F1</translation>
    </message>
    <message>
        <source>conflict awareness</source>
        <translation>冲突感知度</translation>
    </message>
    <message>
        <source>unsupported ratio</source>
        <translation>无依据比例</translation>
    </message>
    <message>
        <source>Conflicts</source>
        <translation>冲突</translation>
    </message>
    <message>
        <source>Run:</source>
        <translation>运行：</translation>
    </message>
    <message>
        <source>Stage:</source>
        <translation>阶段：</translation>
    </message>
    <message>
        <source>any stage</source>
        <translation>任意阶段</translation>
    </message>
    <message>
        <source>Condition:</source>
        <translation>条件：</translation>
    </message>
    <message>
        <source>any condition</source>
        <translation>任意条件</translation>
    </message>
    <message>
        <source>Answer from documents…</source>
        <translation>根据文档作答…</translation>
    </message>
    <message>
        <source>Start an aggregate run: one variant over questions that carry documents</source>
        <translation>启动一次汇总运行：对带文档的问题运行一个变体</translation>
    </message>
    <message>
        <source>No aggregate runs yet: press “Answer from documents…” to answer the questions of a dataset whose items carry documents (rules take seconds, no model).</source>
        <translation>尚无汇总运行：点击“根据文档作答…”，回答条目带文档的数据集中的问题（规则方法只需几秒，无需模型）。</translation>
    </message>
    <message>
        <source>{v0} items, {v1} conflict items: {figures}{note}</source>
        <translation>{v0} 个条目，{v1} 个冲突条目：{figures}{note}</translation>
    </message>
</context>
<context>
    <name>ConnectionsView</name>
    <message>
        <source>Time (UTC)</source>
        <translation>时间（UTC）</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>端点</translation>
    </message>
    <message>
        <source>Purpose</source>
        <translation>用途</translation>
    </message>
    <message>
        <source>Sent</source>
        <translation>已发送</translation>
    </message>
    <message>
        <source>Received</source>
        <translation>已接收</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Network and offline mode</source>
        <translation>网络与离线模式</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Offline mode: refuse every connection except to the hosts below</source>
        <translation>离线模式：拒绝除下列主机以外的所有连接</translation>
    </message>
    <message>
        <source>Allowed hosts (endpoints you configured):</source>
        <translation>允许的主机（您配置的端点）：</translation>
    </message>
    <message>
        <source>e.g. localhost is always allowed; add api.example.org, 10.0.0.5</source>
        <translation>例如：localhost 始终允许；可添加 api.example.org, 10.0.0.5</translation>
    </message>
    <message>
        <source>Models run on this computer; Hugging Face downloads and telemetry are switched off at start. API keys are never written to project files or to this log.</source>
        <translation>模型在本机运行；启动时即关闭 Hugging Face 下载和遥测。API 密钥从不写入项目文件或此日志。</translation>
    </message>
    <message>
        <source>Interface language:</source>
        <translation>界面语言：</translation>
    </message>
    <message>
        <source>The system's ({language})</source>
        <translation>跟随系统（{language}）</translation>
    </message>
    <message>
        <source>Applies from the next start of factaudit.</source>
        <translation>下次启动 factaudit 时生效。</translation>
    </message>
    <message>
        <source>blocked</source>
        <translation>已阻止</translation>
    </message>
    <message>
        <source>sent</source>
        <translation>已发送</translation>
    </message>
    <message>
        <source>No outbound connection has been made.</source>
        <translation>尚未建立任何外发连接。</translation>
    </message>
    <message>
        <source>1 outbound connection</source>
        <translation>1 个外发连接</translation>
    </message>
    <message>
        <source>{n} outbound connections</source>
        <translation>{n} 个外发连接</translation>
    </message>
    <message>
        <source>1 blocked attempt</source>
        <translation>1 次被阻止的尝试</translation>
    </message>
    <message>
        <source>{n} blocked attempts</source>
        <translation>{n} 次被阻止的尝试</translation>
    </message>
    <message>
        <source>{made} ({sent} sent, {received} received); {blocked}.</source>
        <translation>{made}（发送 {sent}，接收 {received}）；{blocked}。</translation>
    </message>
    <message>
        <source>Log file: {v0}</source>
        <translation>日志文件：{v0}</translation>
    </message>
    <message>
        <source>Could not save the settings: {v0}</source>
        <translation>无法保存设置：{v0}</translation>
    </message>
</context>
<context>
    <name>DataView</name>
    <message>
        <source>Items</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>Sentences</source>
        <translation>句子</translation>
    </message>
    <message>
        <source>Claims</source>
        <translation>主张</translation>
    </message>
    <message>
        <source>Passages</source>
        <translation>段落</translation>
    </message>
    <message>
        <source>Datasets</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>Freeze</source>
        <translation>冻结</translation>
    </message>
    <message>
        <source>A frozen dataset refuses edits, so runs over it stay comparable</source>
        <translation>冻结的数据集拒绝修改，因此基于它的运行保持可比</translation>
    </message>
    <message>
        <source>Import…</source>
        <translation>导入…</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>删除…</translation>
    </message>
    <message>
        <source>Delete the dataset and its records; refused while a run or an annotation uses it</source>
        <translation>删除数据集及其记录；若有运行或标注在使用则拒绝</translation>
    </message>
    <message>
        <source>Language…</source>
        <translation>语言…</translation>
    </message>
    <message>
        <source>The language BM25 tokenizes this dataset with (detected on import)</source>
        <translation>BM25 对该数据集分词所用的语言（导入时检测）</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Split</source>
        <translation>划分</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>Frozen</source>
        <translation>已冻结</translation>
    </message>
    <message>
        <source>Imported</source>
        <translation>导入时间</translation>
    </message>
    <message>
        <source>Search text…</source>
        <translation>搜索文本…</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>Could not read the datasets: {error}</source>
        <translation>无法读取数据集：{error}</translation>
    </message>
    <message>
        <source>All datasets</source>
        <translation>所有数据集</translation>
    </message>
    <message>
        <source>Unfreeze</source>
        <translation>解冻</translation>
    </message>
    <message>
        <source>Freezing the dataset</source>
        <translation>正在冻结数据集</translation>
    </message>
</context>
<context>
    <name>DecomposeDialog</name>
    <message>
        <source>One claim per sentence (fast)</source>
        <translation>每句一条主张（快）</translation>
    </message>
    <message>
        <source>Atomic claims written by a language model (slow)</source>
        <translation>由语言模型撰写原子主张（慢）</translation>
    </message>
    <message>
        <source>Decompose answers</source>
        <translation>拆分回答</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>方法</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>every dataset with answers</source>
        <translation>所有含回答的数据集</translation>
    </message>
    <message>
        <source>{name} ({v0:,} sentences)</source>
        <translation>{name}（{v0:,} 个句子）</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>回答</translation>
    </message>
    <message>
        <source>all answers</source>
        <translation>全部回答</translation>
    </message>
    <message>
        <source>Limit</source>
        <translation>上限</translation>
    </message>
    <message>
        <source>Decompose</source>
        <translation>拆分</translation>
    </message>
    <message>
        <source>No answers with sentences in this project: import answers first.</source>
        <translation>本项目中没有带句子的回答：请先导入回答。</translation>
    </message>
    <message>
        <source>Decomposing…</source>
        <translation>正在拆分…</translation>
    </message>
    <message>
        <source>Decomposing answers</source>
        <translation>正在拆分回答</translation>
    </message>
    <message>
        <source>Cancelled; the claims made so far are kept.</source>
        <translation>已取消；已生成的主张会保留。</translation>
    </message>
    <message>
        <source>{run_id}: {n_claims:,} claims from {n_sentences:,} sentences of {n_items:,} answers in {seconds:.1f} s.</source>
        <translation>{run_id}：用 {seconds:.1f} 秒从 {n_items:,} 个回答的 {n_sentences:,} 个句子中得到 {n_claims:,} 条主张。</translation>
    </message>
    <message>
        <source>Not decomposed: {v0}</source>
        <translation>未拆分：{v0}</translation>
    </message>
</context>
<context>
    <name>DetailPane</name>
    <message>
        <source>Item</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>Sentence</source>
        <translation>句子</translation>
    </message>
    <message>
        <source>Claim</source>
        <translation>主张</translation>
    </message>
    <message>
        <source>Passage</source>
        <translation>段落</translation>
    </message>
</context>
<context>
    <name>HitsView</name>
    <message>
        <source>Retrieved evidence</source>
        <translation>检索到的证据</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>No finished retrieval runs yet.</source>
        <translation>尚无已完成的检索运行。</translation>
    </message>
    <message>
        <source>Reading the run's claims</source>
        <translation>正在读取该运行的主张</translation>
    </message>
</context>
<context>
    <name>ImportPlanPanel</name>
    <message>
        <source>… {n_problems:,} problems in all</source>
        <translation>… 共 {n_problems:,} 个问题</translation>
    </message>
</context>
<context>
    <name>JobArea</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>cancelling…</source>
        <translation>正在取消…</translation>
    </message>
</context>
<context>
    <name>JobDialog</name>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Cancelling after the {unit_one} in flight…</source>
        <translation>将在当前的{unit_one}完成后取消…</translation>
    </message>
</context>
<context>
    <name>MappingChoice</name>
    <message>
        <source>Mapping:</source>
        <translation>映射：</translation>
    </message>
    <message>
        <source>counts as an error: {verdicts}</source>
        <translation>计为错误：{verdicts}</translation>
    </message>
</context>
<context>
    <name>ReportDialog</name>
    <message>
        <source>HTML report (opens in a browser)</source>
        <translation>HTML 报告（在浏览器中打开）</translation>
    </message>
    <message>
        <source>Spreadsheet (XLSX)</source>
        <translation>电子表格（XLSX）</translation>
    </message>
    <message>
        <source>Data files (JSON) for other tools</source>
        <translation>供其他工具使用的数据文件（JSON）</translation>
    </message>
    <message>
        <source>Write the report</source>
        <translation>撰写报告</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>New folder</source>
        <translation>新文件夹</translation>
    </message>
    <message>
        <source>Formats</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>The report covers every finished run. Sections without data say which step fills them.</source>
        <translation>报告涵盖所有已完成的运行。没有数据的部分会说明由哪一步来补充。</translation>
    </message>
    <message>
        <source>Write</source>
        <translation>写入</translation>
    </message>
    <message>
        <source>Open report</source>
        <translation>打开报告</translation>
    </message>
    <message>
        <source>Show folder</source>
        <translation>显示文件夹</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Where to create the report folder</source>
        <translation>报告文件夹的创建位置</translation>
    </message>
    <message>
        <source>Choose at least one format.</source>
        <translation>请至少选择一种格式。</translation>
    </message>
    <message>
        <source>Name the folder to create.</source>
        <translation>请为要创建的文件夹命名。</translation>
    </message>
    <message>
        <source>{name} already exists; each report goes into a new folder.</source>
        <translation>{name} 已存在；每份报告都写入一个新文件夹。</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>正在写入…</translation>
    </message>
    <message>
        <source>Writing the report</source>
        <translation>正在撰写报告</translation>
    </message>
    <message>
        <source>Written to {folder} ({names}).</source>
        <translation>已写入 {folder}（{names}）。</translation>
    </message>
    <message>
        <source>Not written: {v0}</source>
        <translation>未写入：{v0}</translation>
    </message>
</context>
<context>
    <name>ResultsView</name>
    <message>
        <source>Mapping</source>
        <translation>映射</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>FP</source>
        <translation>FP</translation>
    </message>
    <message>
        <source>FN</source>
        <translation>FN</translation>
    </message>
    <message>
        <source>TN</source>
        <translation>TN</translation>
    </message>
    <message>
        <source>Precision [95% CI]</source>
        <translation>精确率 [95% 置信区间]</translation>
    </message>
    <message>
        <source>Recall [95% CI]</source>
        <translation>召回率 [95% 置信区间]</translation>
    </message>
    <message>
        <source>F1 [95% CI]</source>
        <translation>F1 [95% 置信区间]</translation>
    </message>
    <message>
        <source>Gold verdict</source>
        <translation>金标准判定</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精确率</translation>
    </message>
    <message>
        <source>Recall</source>
        <translation>召回率</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>ΔRecall [95% CI]</source>
        <translation>Δ召回率 [95% 置信区间]</translation>
    </message>
    <message>
        <source>ΔF1 [95% CI]</source>
        <translation>ΔF1 [95% 置信区间]</translation>
    </message>
    <message>
        <source>McNemar p</source>
        <translation>McNemar p 值</translation>
    </message>
    <message>
        <source>Holm p</source>
        <translation>Holm p 值</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Run:</source>
        <translation>运行：</translation>
    </message>
    <message>
        <source>Level:</source>
        <translation>层级：</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Read this page again from the project file (F5)</source>
        <translation>从项目文件重新读取本页（F5）</translation>
    </message>
    <message>
        <source>Export HTML…</source>
        <translation>导出 HTML…</translation>
    </message>
    <message>
        <source>Export XLSX…</source>
        <translation>导出 XLSX…</translation>
    </message>
    <message>
        <source>Export JSON…</source>
        <translation>导出 JSON…</translation>
    </message>
    <message>
        <source>Closed regime: claims with a gold four-way verdict (as in SciFact), scored verdict against verdict</source>
        <translation>封闭设定：带四分类金标准判定的主张（如 SciFact），按判定对判定评分</translation>
    </message>
    <message>
        <source>Compare runs</source>
        <translation>比较运行</translation>
    </message>
    <message>
        <source>Tick two or more runs to compare them on the units they share.</source>
        <translation>勾选两个或更多运行，在它们共有的单元上进行比较。</translation>
    </message>
    <message>
        <source>Certify</source>
        <translation>认证</translation>
    </message>
    <message>
        <source>No finished verify runs yet. Verify claims (Workflow › Verify), or import verdicts made elsewhere (File › Import data, kind: verdicts).</source>
        <translation>尚无已完成的核验运行。请核验主张（工作流程 › 核验），或导入在别处得出的判定（文件 › 导入数据，类型：判定）。</translation>
    </message>
    <message>
        <source>Scoring…</source>
        <translation>正在评分…</translation>
    </message>
    <message>
        <source>Scoring</source>
        <translation>评分</translation>
    </message>
    <message>
        <source>Cannot score: {v0}</source>
        <translation>无法评分：{v0}</translation>
    </message>
    <message>
        <source>No scores yet: choose a finished verify run.</source>
        <translation>尚无评分：请选择一个已完成的核验运行。</translation>
    </message>
    <message>
        <source>No confusion matrix yet: choose a finished verify run.</source>
        <translation>尚无混淆矩阵：请选择一个已完成的核验运行。</translation>
    </message>
    <message>
        <source> {n} verdicts are contradicted by their own reasoning (marked in Review).</source>
        <translation> 有 {n} 个判定与其自身推理相矛盾（已在“审阅”中标出）。</translation>
    </message>
    <message>
        <source>{run}: {sentences} sentences and {claims} claims scored; {failures} parse failures excluded; {unscored} sentences unscored</source>
        <translation>{run}：已评分 {sentences} 个句子和 {claims} 条主张；排除 {failures} 个解析失败；{unscored} 个句子未评分</translation>
    </message>
    <message>
        <source>. Precision and recall: Wilson 95%; F1: bootstrap 95%.</source>
        <translation>。精确率和召回率：Wilson 95%；F1：bootstrap 95%。</translation>
    </message>
    <message>
        <source>{run}: no expert labels on answer sentences or claims, so no sentence- or claim-level scores; {n} claims are scored against their gold verdicts below; {failures} parse failures excluded.</source>
        <translation>{run}：回答句子或主张上没有专家标注，因此没有句子级或主张级评分；下方有 {n} 条主张按其金标准判定评分；排除 {failures} 个解析失败。</translation>
    </message>
    <message>
        <source>{run}: nothing to score: no verified claim has an expert label or a gold verdict; {failures} parse failures.</source>
        <translation>{run}：无可评分内容：没有任何已核验主张带专家标注或金标准判定；{failures} 个解析失败。</translation>
    </message>
    <message>
        <source>sentence</source>
        <translation>句子</translation>
    </message>
    <message>
        <source>claim</source>
        <translation>主张</translation>
    </message>
    <message>
        <source>No {level}-level scores: this run's claims carry gold verdicts, not expert labels on answer sentences. See the closed-regime table.</source>
        <translation>没有{level}级评分：该运行的主张带的是金标准判定，而不是回答句子上的专家标注。请查看封闭设定表。</translation>
    </message>
    <message>
        <source>No {level}-level scores: no verified claim of this run has an expert label at the {level} level.</source>
        <translation>没有{level}级评分：该运行中没有任何已核验主张在{level}级带有专家标注。</translation>
    </message>
    <message>
        <source>Closed regime: no verified claim of this run has a gold verdict.</source>
        <translation>封闭设定：该运行中没有任何已核验主张带金标准判定。</translation>
    </message>
    <message>
        <source>No confusion matrix: no verified claim of this run has a gold verdict (open-regime runs are scored above).</source>
        <translation>无混淆矩阵：该运行中没有任何已核验主张带金标准判定（开放设定的运行在上方评分）。</translation>
    </message>
    <message>
        <source>Closed regime: {n} claims with gold verdicts, accuracy {v0}, macro-F1 {v1}.</source>
        <translation>封闭设定：{n} 条带金标准判定的主张，准确率 {v0}，宏平均 F1 {v1}。</translation>
    </message>
    <message>
        <source>{n_shared} shared sentences</source>
        <translation>{n_shared} 个共有句子</translation>
    </message>
    <message>
        <source>{n_shared} shared claims</source>
        <translation>{n_shared} 条共有主张</translation>
    </message>
    <message>
        <source> under {mapping}. Cochran's Q = {v0:.2f}, p = {v1} (permutation p = {v2}). Δ against {v3}; exact McNemar with Holm adjustment; bootstrap stratified by {strata}.</source>
        <translation>，映射 {mapping}。Cochran Q = {v0:.2f}，p = {v1}（置换检验 p = {v2}）。Δ 相对于 {v3}；精确 McNemar 检验并作 Holm 校正；按 {strata} 分层 bootstrap。</translation>
    </message>
    <message>
        <source>Folder to write the report into</source>
        <translation>报告的写入文件夹</translation>
    </message>
    <message>
        <source>Writing {v0} report to {out}…</source>
        <translation>正在将 {v0} 报告写入 {out}…</translation>
    </message>
    <message>
        <source>Writing report</source>
        <translation>正在撰写报告</translation>
    </message>
    <message>
        <source>Report not written</source>
        <translation>报告未写入</translation>
    </message>
</context>
<context>
    <name>RunDetailsDialog</name>
    <message>
        <source>Run {run_id}</source>
        <translation>运行 {run_id}</translation>
    </message>
    <message>
        <source>Open in Review</source>
        <translation>在“审阅”中打开</translation>
    </message>
    <message>
        <source>Open in Results</source>
        <translation>在“结果”中打开</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Reading {run_id}</source>
        <translation>正在读取 {run_id}</translation>
    </message>
</context>
<context>
    <name>RunsView</name>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>完成时间</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Retrieve…</source>
        <translation>检索…</translation>
    </message>
    <message>
        <source>Verify…</source>
        <translation>核验…</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Read this page again from the project file (F5)</source>
        <translation>从项目文件重新读取本页（F5）</translation>
    </message>
    <message>
        <source>The project is open read-only</source>
        <translation>项目以只读方式打开</translation>
    </message>
    <message>
        <source>Double-click a run for its settings, counts and figures</source>
        <translation>双击某次运行查看其设置、计数和图表</translation>
    </message>
    <message>
        <source>No runs yet. Retrieve evidence for the claims to make the first one.</source>
        <translation>尚无运行。为主张检索证据即可生成第一次运行。</translation>
    </message>
    <message>
        <source>Cannot open dialog</source>
        <translation>无法打开对话框</translation>
    </message>
</context>
<context>
    <name>SealDialog</name>
    <message>
        <source>Seal the project</source>
        <translation>封存项目</translation>
    </message>
    <message>
        <source>A sealed copy is read-only and signed: whoever receives it can check that nothing in it changed since you sealed it, and who sealed it.</source>
        <translation>封存副本是只读且带签名的：收到它的人可以核实自您封存以来其中没有任何改动，以及是谁封存的。</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Sealed file</source>
        <translation>封存文件</translation>
    </message>
    <message>
        <source>Encrypt with a passphrase (the recipient needs it to open the file)</source>
        <translation>用口令加密（接收者需要口令才能打开文件）</translation>
    </message>
    <message>
        <source>Passphrase</source>
        <translation>口令</translation>
    </message>
    <message>
        <source>Passphrase again</source>
        <translation>再次输入口令</translation>
    </message>
    <message>
        <source>Your signing key's fingerprint. Tell the recipient, so they can trust it.</source>
        <translation>您的签名密钥指纹。请告诉接收者，以便其信任该密钥。</translation>
    </message>
    <message>
        <source>Signed by</source>
        <translation>签名者</translation>
    </message>
    <message>
        <source>Seal</source>
        <translation>封存</translation>
    </message>
    <message>
        <source>Show in folder</source>
        <translation>在文件夹中显示</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Reading the signing key</source>
        <translation>正在读取签名密钥</translation>
    </message>
    <message>
        <source>no signing key: {v0}</source>
        <translation>没有签名密钥：{v0}</translation>
    </message>
    <message>
        <source>factaudit projects (*.faproj)</source>
        <translation>factaudit 项目 (*.faproj)</translation>
    </message>
    <message>
        <source>Choose where to write the sealed file.</source>
        <translation>请选择封存文件的写入位置。</translation>
    </message>
    <message>
        <source>Type a passphrase twice.</source>
        <translation>请输入两次口令。</translation>
    </message>
    <message>
        <source>The two passphrases differ.</source>
        <translation>两次输入的口令不一致。</translation>
    </message>
    <message>
        <source>Sealing…</source>
        <translation>正在封存…</translation>
    </message>
    <message>
        <source>Sealing</source>
        <translation>封存</translation>
    </message>
    <message>
        <source>{n} bytes</source>
        <translation>{n} 字节</translation>
    </message>
    <message>
        <source>encrypted, </source>
        <translation>已加密，</translation>
    </message>
    <message>
        <source>Sealed to {name} ({what}{size}) and checked: the seal is valid, signed by {signer}.</source>
        <translation>已封存为 {name}（{what}{size}）并已检查：封印有效，签名者为 {signer}。</translation>
    </message>
    <message>
        <source>Sealed to {name}, but the check failed: {why}</source>
        <translation>已封存为 {name}，但检查失败：{why}</translation>
    </message>
    <message>
        <source>Not sealed: {v0}</source>
        <translation>未封存：{v0}</translation>
    </message>
</context>
<context>
    <name>SealedBanner</name>
    <message>
        <source>an unknown key</source>
        <translation>未知密钥</translation>
    </message>
    <message>
        <source> on {date}</source>
        <translation>（{date}）</translation>
    </message>
    <message>
        <source>Sealed file, read-only. Signed by {signer}{when} (trusted); nothing has changed since.</source>
        <translation>封存文件，只读。由 {signer}{when}签名（受信任）；此后没有任何改动。</translation>
    </message>
    <message>
        <source>Sealed file, read-only. Signed by {signer}{when}; this signer is NOT among your trusted keys. The content is unchanged since it was signed.</source>
        <translation>封存文件，只读。由 {signer}{when}签名；该签名者不在您信任的密钥中。内容自签名以来未被改动。</translation>
    </message>
    <message>
        <source>Sealed file, read-only. CHANGED since sealing by {signer}: {where}.</source>
        <translation>封存文件，只读。自 {signer} 封存以来已被修改：{where}。</translation>
    </message>
    <message>
        <source>Sealed file, read-only. The seal is broken: the signature does not match ({signer}).</source>
        <translation>封存文件，只读。封印已损坏：签名不匹配（{signer}）。</translation>
    </message>
    <message>
        <source>the schema</source>
        <translation>数据库结构</translation>
    </message>
    <message>
        <source>Checked on opening: every table matches the signed manifest (sealed with factaudit {version}). Make a working copy to label or edit.</source>
        <translation>打开时已检查：每张表都与签名清单一致（以 factaudit {version} 封存）。如需标注或编辑，请创建工作副本。</translation>
    </message>
    <message>
        <source>Make a working copy…</source>
        <translation>创建工作副本…</translation>
    </message>
    <message>
        <source>An unsealed, editable copy: label there and export the annotations</source>
        <translation>未封存、可编辑的副本：在其中标注并导出标注结果</translation>
    </message>
    <message>
        <source>Save an unsealed working copy</source>
        <translation>保存未封存的工作副本</translation>
    </message>
    <message>
        <source>factaudit projects (*.faproj)</source>
        <translation>factaudit 项目 (*.faproj)</translation>
    </message>
    <message>
        <source>Making a working copy</source>
        <translation>正在创建工作副本</translation>
    </message>
    <message>
        <source>Working copy failed: {v0}</source>
        <translation>创建工作副本失败：{v0}</translation>
    </message>
</context>
<context>
    <name>StartScreen</name>
    <message>
        <source>Runs offline on embedded models. The embedded verifier (SmolLM2-135M) is demo-grade: for real audits put a stronger GGUF model into &lt;b&gt;local_models/&lt;/b&gt; or use an OpenAI-compatible endpoint.</source>
        <translation>使用内置模型离线运行。内置核验器（SmolLM2-135M）仅供演示：正式审核请将更强的 GGUF 模型放入 &lt;b&gt;local_models/&lt;/b&gt;，或使用兼容 OpenAI 的端点。</translation>
    </message>
    <message>
        <source>Open the black box of retrieve-then-verify fact-checking: run the pipeline, score it against expert labels, and label why it failed.</source>
        <translation>打开“先检索后核验”事实核查的黑箱：运行流程，用专家标注为其评分，并标注失败原因。</translation>
    </message>
    <message>
        <source>New project…</source>
        <translation>新建项目…</translation>
    </message>
    <message>
        <source>Create an empty project file (Ctrl+N)</source>
        <translation>创建一个空的项目文件（Ctrl+N）</translation>
    </message>
    <message>
        <source>Open project…</source>
        <translation>打开项目…</translation>
    </message>
    <message>
        <source>Open a .faproj file (Ctrl+O)</source>
        <translation>打开 .faproj 文件（Ctrl+O）</translation>
    </message>
    <message>
        <source>Open demo</source>
        <translation>打开演示</translation>
    </message>
    <message>
        <source>SciFact claims with their abstracts and clinician-labelled MedExpert answers, built on this machine</source>
        <translation>SciFact 主张及其摘要，以及临床医生标注的 MedExpert 回答，在本机构建</translation>
    </message>
    <message>
        <source>The demo: 100 SciFact claims with 1,201 abstracts (gold evidence), and clinician-labelled MedExpert answers, sentence by sentence.</source>
        <translation>演示：100 条 SciFact 主张及 1,201 篇摘要（金标准证据），以及由临床医生逐句标注的 MedExpert 回答。</translation>
    </message>
    <message>
        <source>Rebuild the demo…</source>
        <translation>重新构建演示…</translation>
    </message>
    <message>
        <source>Build the demo project from scratch (a few minutes in the background); Open demo opens the one already built</source>
        <translation>从头构建演示项目（在后台需几分钟）；“打开演示”会打开已构建的项目</translation>
    </message>
    <message>
        <source>Recent projects</source>
        <translation>最近的项目</translation>
    </message>
    <message>
        <source>Projects you open appear here.</source>
        <translation>您打开的项目会显示在这里。</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新建</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Remove from list</source>
        <translation>从列表中移除</translation>
    </message>
</context>
<context>
    <name>StepRow</name>
    <message>
        <source>To do</source>
        <translation>待办</translation>
    </message>
    <message>
        <source>Partly done</source>
        <translation>部分完成</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>Import data…</source>
        <translation>导入数据…</translation>
    </message>
    <message>
        <source>Decompose…</source>
        <translation>拆分…</translation>
    </message>
    <message>
        <source>Retrieve…</source>
        <translation>检索…</translation>
    </message>
    <message>
        <source>Show retrieval metrics</source>
        <translation>显示检索指标</translation>
    </message>
    <message>
        <source>Verify…</source>
        <translation>核验…</translation>
    </message>
    <message>
        <source>Open results</source>
        <translation>打开结果</translation>
    </message>
    <message>
        <source>Review disagreements</source>
        <translation>审阅分歧</translation>
    </message>
    <message>
        <source>Pre-label…</source>
        <translation>预标注…</translation>
    </message>
    <message>
        <source>Label evidence</source>
        <translation>标注证据</translation>
    </message>
    <message>
        <source>Label reasoning</source>
        <translation>标注推理</translation>
    </message>
    <message>
        <source>Agreement &amp;&amp; taxonomy</source>
        <translation>一致性与分类</translation>
    </message>
    <message>
        <source>Write report…</source>
        <translation>撰写报告…</translation>
    </message>
    <message>
        <source>Seal…</source>
        <translation>封存…</translation>
    </message>
    <message>
        <source>The next step</source>
        <translation>下一步</translation>
    </message>
</context>
<context>
    <name>TabbedPage</name>
    <message>
        <source>Disagreements</source>
        <translation>分歧</translation>
    </message>
    <message>
        <source>Retrieved evidence</source>
        <translation>检索到的证据</translation>
    </message>
    <message>
        <source>Conflicts</source>
        <translation>冲突</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>回答</translation>
    </message>
</context>
<context>
    <name>TableModel</name>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Risk</source>
        <translation>风险</translation>
    </message>
    <message>
        <source>Sentences</source>
        <translation>句子</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>标注</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Gold label</source>
        <translation>金标准标注</translation>
    </message>
    <message>
        <source>Sentence</source>
        <translation>句子</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Document</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>标题</translation>
    </message>
</context>
<context>
    <name>TaxonomyView</name>
    <message>
        <source>Failure taxonomy</source>
        <translation>失败分类</translation>
    </message>
    <message>
        <source>Count LLM pre-labels too</source>
        <translation>同时计入 LLM 预标注</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Retrieval runs (per claim × passage; R6 per claim)</source>
        <translation>检索运行（按主张 × 段落；R6 按主张）</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Verify runs (per claim × verification)</source>
        <translation>核验运行（按主张 × 核验）</translation>
    </message>
    <message>
        <source>Per-dimension marginals</source>
        <translation>各维度边际分布</translation>
    </message>
    <message>
        <source>Pairs</source>
        <translation>配对数</translation>
    </message>
    <message>
        <source>Labelled</source>
        <translation>已标注</translation>
    </message>
    <message>
        <source>High quality</source>
        <translation>高质量</translation>
    </message>
    <message>
        <source>HQ decided</source>
        <translation>高质量已判定</translation>
    </message>
    <message>
        <source>Verdicts</source>
        <translation>判定数</translation>
    </message>
    <message>
        <source>Dimension / step</source>
        <translation>维度 / 步骤</translation>
    </message>
    <message>
        <source>In high-quality set</source>
        <translation>在高质量集中</translation>
    </message>
    <message>
        <source>Codes</source>
        <translation>编码</translation>
    </message>
    <message>
        <source>No labelled units yet: label evidence pairs or reasoning traces first.</source>
        <translation>尚无已标注单元：请先标注证据对或推理过程。</translation>
    </message>
    <message>
        <source>human raters and LLM pre-labelers</source>
        <translation>人工评分者和 LLM 预标注者</translation>
    </message>
    <message>
        <source>human raters</source>
        <translation>人工评分者</translation>
    </message>
    <message>
        <source>Codebook v{codebook_version}; current first-pass labels of the {who} (the most recent label wins where several raters labelled a unit). Shares are over the run's labelled units.</source>
        <translation>编码手册 v{codebook_version}；{who}当前的首轮标注（多位评分者标注同一单元时以最新的为准）。占比基于该运行的已标注单元。</translation>
    </message>
</context>
<context>
    <name>VerdictView</name>
    <message>
        <source>Verify run</source>
        <translation>核验运行</translation>
    </message>
    <message>
        <source>Claim</source>
        <translation>主张</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>Parse</source>
        <translation>解析</translation>
    </message>
    <message>
        <source>No verify runs yet.</source>
        <translation>尚无核验运行。</translation>
    </message>
    <message>
        <source>{v0} verdicts, {failures} parse failures (shown, never counted as a verdict); verdicts whose evidence contains suspected instructions: {v1}; verdicts their own reasoning contradicts: {v2}</source>
        <translation>{v0} 个判定，{failures} 个解析失败（会显示，但从不计为判定）；证据中含疑似指令的判定：{v1}；与自身推理相矛盾的判定：{v2}</translation>
    </message>
</context>
<context>
    <name>WorkflowView</name>
    <message>
        <source>Workflow</source>
        <translation>工作流程</translation>
    </message>
    <message>
        <source>Reading the project…</source>
        <translation>正在读取项目…</translation>
    </message>
    <message>
        <source>The project is open read-only</source>
        <translation>项目以只读方式打开</translation>
    </message>
    <message>
        <source>Skip pre-labels</source>
        <translation>跳过预标注</translation>
    </message>
    <message>
        <source>Work without LLM suggestions; you can turn them back on here</source>
        <translation>不使用 LLM 建议；可在此重新开启</translation>
    </message>
    <message>
        <source>Reading the workflow status</source>
        <translation>正在读取工作流程状态</translation>
    </message>
    <message>
        <source>Cannot read the project's status: {v0}</source>
        <translation>无法读取项目状态：{v0}</translation>
    </message>
    <message>
        <source>&lt;b&gt;Every step is done or skipped.&lt;/b&gt; Seal again after further changes.</source>
        <translation>&lt;b&gt;所有步骤均已完成或跳过。&lt;/b&gt;进一步修改后请重新封存。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Next: {title}.&lt;/b&gt; {purpose}</source>
        <translation>&lt;b&gt;下一步：{title}。&lt;/b&gt;{purpose}</translation>
    </message>
    <message>
        <source>Use pre-labels</source>
        <translation>使用预标注</translation>
    </message>
</context>
<context>
    <name>data_view</name>
    <message>
        <source>Freeze dataset</source>
        <translation>冻结数据集</translation>
    </message>
</context>
<context>
    <name>dataset_actions</name>
    <message>
        <source>Rename dataset</source>
        <translation>重命名数据集</translation>
    </message>
    <message>
        <source>New name for {name}:</source>
        <translation>{name} 的新名称：</translation>
    </message>
    <message>
        <source>Renamed; the settings of {v0} keep the old name {name}</source>
        <translation>已重命名；{v0} 的设置仍使用旧名称 {name}</translation>
    </message>
    <message>
        <source>Renaming the dataset</source>
        <translation>正在重命名数据集</translation>
    </message>
    <message>
        <source>English</source>
        <translation>英语</translation>
    </message>
    <message>
        <source>Chinese</source>
        <translation>中文</translation>
    </message>
    <message>
        <source>German</source>
        <translation>德语</translation>
    </message>
    <message>
        <source>French</source>
        <translation>法语</translation>
    </message>
    <message>
        <source>Spanish</source>
        <translation>西班牙语</translation>
    </message>
    <message>
        <source>Italian</source>
        <translation>意大利语</translation>
    </message>
    <message>
        <source>Dutch</source>
        <translation>荷兰语</translation>
    </message>
    <message>
        <source>Portuguese</source>
        <translation>葡萄牙语</translation>
    </message>
    <message>
        <source>Japanese</source>
        <translation>日语</translation>
    </message>
    <message>
        <source>Korean</source>
        <translation>韩语</translation>
    </message>
    <message>
        <source>Russian</source>
        <translation>俄语</translation>
    </message>
    <message>
        <source>Swedish</source>
        <translation>瑞典语</translation>
    </message>
    <message>
        <source>Detect again from the texts</source>
        <translation>根据文本重新检测</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Dataset language</source>
        <translation>数据集语言</translation>
    </message>
    <message>
        <source>Language of {name}: pick one or type an ISO 639-1 code.
BM25 uses its stemmer and word rules; runs made before keep theirs.</source>
        <translation>{name} 的语言：请选择一种或输入 ISO 639-1 代码。
BM25 会使用该语言的词干提取和分词规则；此前的运行保持原有设置。</translation>
    </message>
    <message>
        <source>{name}: {v0}; new retrieval runs use it</source>
        <translation>{name}：{v0}；新的检索运行将使用它</translation>
    </message>
    <message>
        <source>Setting the dataset language</source>
        <translation>正在设置数据集语言</translation>
    </message>
    <message>
        <source>Delete dataset</source>
        <translation>删除数据集</translation>
    </message>
    <message>
        <source>{name} is frozen; unfreeze it before deleting it.</source>
        <translation>{name} 已冻结；删除前请先解冻。</translation>
    </message>
    <message>
        <source>{name} stays: it is used by {v0}.</source>
        <translation>{name} 保留：它正被 {v0} 使用。</translation>
    </message>
    <message>
        <source>Delete {name} and all its records? This cannot be undone.</source>
        <translation>删除 {name} 及其所有记录？此操作无法撤销。</translation>
    </message>
    <message>
        <source>Deleting the dataset</source>
        <translation>正在删除数据集</translation>
    </message>
    <message>
        <source>Checking the dataset</source>
        <translation>正在检查数据集</translation>
    </message>
</context>
<context>
    <name>long_run</name>
    <message>
        <source>Start with {n:,}</source>
        <translation>先处理 {n:,} 个</translation>
    </message>
    <message>
        <source>Run all {n_units:,}</source>
        <translation>全部运行 {n_units:,} 个</translation>
    </message>
</context>
<context>
    <name>page_parts</name>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
</context>
<context>
    <name>results_view</name>
    <message>
        <source>Report written to {out} ({v0} files).</source>
        <translation>报告已写入 {out}（{v0} 个文件）。</translation>
    </message>
</context>
<context>
    <name>review_detail</name>
    <message>
        <source>a high-quality passage is in the top k</source>
        <translation>前 k 个结果中有高质量段落</translation>
    </message>
    <message>
        <source>no high-quality passage</source>
        <translation>没有高质量段落</translation>
    </message>
    <message>
        <source>evidence not fully labelled</source>
        <translation>证据未完全标注</translation>
    </message>
</context>
<context>
    <name>verdicts</name>
    <message>
        <source>Supported</source>
        <translation>支持</translation>
    </message>
    <message>
        <source>Refuted</source>
        <translation>反驳</translation>
    </message>
    <message>
        <source>No Evidence</source>
        <translation>无证据</translation>
    </message>
    <message>
        <source>Ambiguous</source>
        <translation>不明确</translation>
    </message>
</context>
<context>
    <name>workflow_actions</name>
    <message>
        <source>Cannot open</source>
        <translation>无法打开</translation>
    </message>
    <message>
        <source>This step cannot be opened: {v0}</source>
        <translation>无法打开此步骤：{v0}</translation>
    </message>
    <message>
        <source>Evaluate retrieval</source>
        <translation>评估检索</translation>
    </message>
    <message>
        <source>Retrieve passages for the claims first.</source>
        <translation>请先为主张检索段落。</translation>
    </message>
    <message>
        <source>Quick start</source>
        <translation>快速入门</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
</context>
</TS>
