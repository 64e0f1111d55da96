<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AdjudicationView</name>
    <message>
        <source>No disagreements: {people} agree on every one of the {n} units they both labelled.</source>
        <translation>没有分歧：{people} 在双方都标注的 {n} 个单元上完全一致。</translation>
    </message>
    <message>
        <source>No disagreements: {people} labelled no unit in common, so there is nothing to compare (send the units labelled here: File › Send to a rater…).</source>
        <translation>没有分歧：{people} 没有共同标注的单元，因此无从比较（发送此处已标注的单元：文件 › 发送给评分者…）。</translation>
    </message>
    <message>
        <source>No disagreements: only one rater has labelled yet (File › Send to a rater… asks a second one; File › Merge returned labels… brings their labels in).</source>
        <translation>没有分歧：目前只有一位评分者做了标注（文件 › 发送给评分者… 请第二位评分者；文件 › 合并返回的标签… 导入其标签）。</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>单元</translation>
    </message>
    <message>
        <source>Dimension / step</source>
        <translation>维度 / 步骤</translation>
    </message>
    <message>
        <source>Final</source>
        <translation>最终</translation>
    </message>
    <message>
        <source>Raters' codes</source>
        <translation>各评分者的编码</translation>
    </message>
    <message>
        <source>Correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>Contains an error</source>
        <translation>含有错误</translation>
    </message>
    <message>
        <source>All targets</source>
        <translation>全部目标</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>Sentences</source>
        <translation>句子</translation>
    </message>
    <message>
        <source>evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>reasoning</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>sentence</source>
        <translation>句子</translation>
    </message>
    <message>
        <source>Disagreements between raters</source>
        <translation>评分者之间的分歧</translation>
    </message>
    <message>
        <source>Adjudicator:</source>
        <translation>裁定者：</translation>
    </message>
    <message>
        <source>Stored as adjudicator:&lt;name&gt; with every final code</source>
        <translation>随每个最终编码存储为 adjudicator:&lt;name&gt;</translation>
    </message>
    <message>
        <source>Final code (press its digit):</source>
        <translation>最终编码（按对应数字键）：</translation>
    </message>
    <message>
        <source>optional note on the decision</source>
        <translation>可选：关于该裁定的备注</translation>
    </message>
    <message>
        <source>Keys: 1–9 record the final code · ↑/↓ or J/K move · the next unit without one opens after</source>
        <translation>按键：1–9 记录最终编码 · ↑/↓ 或 J/K 移动 · 随后自动打开下一个尚无最终编码的单元</translation>
    </message>
    <message>
        <source>Reading rater disagreements</source>
        <translation>正在读取评分者分歧</translation>
    </message>
    <message>
        <source>Could not read the disagreements</source>
        <translation>无法读取分歧</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>正在读取…</translation>
    </message>
    <message>
        <source>{v0} disagreements, {done} adjudicated. Agreement figures are computed before adjudication; taxonomy, triage, certification and the report use the final codes.</source>
        <translation>{v0} 处分歧，已裁定 {done} 处。一致性指标在裁定之前计算；分类体系、分诊、认证和报告使用最终编码。</translation>
    </message>
    <message>
        <source>Sentence label</source>
        <translation>句子标注</translation>
    </message>
    <message>
        <source>   ✓ final</source>
        <translation>　✓ 最终</translation>
    </message>
    <message>
        <source>&lt;i&gt;(sentence not found)&lt;/i&gt;</source>
        <translation>&lt;i&gt;（未找到该句子）&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Question:&lt;/b&gt; {text}&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;问题：&lt;/b&gt;{text}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Sentence:&lt;/b&gt; {text}&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;句子：&lt;/b&gt;{text}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Answer:&lt;/b&gt; {text}&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;回答：&lt;/b&gt;{text}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Claim:&lt;/b&gt; {text}&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;主张：&lt;/b&gt;{text}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Passage {id}:&lt;/b&gt;&lt;br&gt;{title}{text}&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;段落 {id}：&lt;/b&gt;&lt;br&gt;{title}{text}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Verifier's reasoning&lt;/b&gt; ({verdict}):&lt;br&gt;{text}&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;核验器的推理&lt;/b&gt;（{verdict}）：&lt;br&gt;{text}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>{v0} has codes 1–{v1}.</source>
        <translation>{v0} 的编码为 1–{v1}。</translation>
    </message>
    <message>
        <source>The project is open read-only.</source>
        <translation>项目以只读方式打开。</translation>
    </message>
    <message>
        <source>recording the final code</source>
        <translation>正在记录最终编码</translation>
    </message>
    <message>
        <source>Not saved: {v0}</source>
        <translation>未保存：{v0}</translation>
    </message>
</context>
<context>
    <name>AggregateDialog</name>
    <message>
        <source>Deterministic rules, no model: seconds per hundred questions.</source>
        <translation>确定性规则，不用模型：每百个问题只需数秒。</translation>
    </message>
    <message>
        <source>Reads the documents' gold answers: privileged, not deployable. It measures what imperfect extraction costs.</source>
        <translation>读取文档的金标准答案：属于特权信息，不可用于实际部署。它衡量的是不完美的抽取造成的损失。</translation>
    </message>
    <message>
        <source>Calls the model once or more per document: minutes per question with the embedded model.</source>
        <translation>每篇文档调用模型一次或多次：使用内置模型时每个问题需数分钟。</translation>
    </message>
    <message>
        <source>Answer from documents</source>
        <translation>根据文档作答</translation>
    </message>
    <message>
        <source>{name} ({n} questions)</source>
        <translation>{name}（{n} 个问题）</translation>
    </message>
    <message>
        <source>{id}: top-k passages of a retrieval run</source>
        <translation>{id}：检索运行的前 k 个段落</translation>
    </message>
    <message>
        <source>Questions</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Passages (k)</source>
        <translation>段落数（k）</translation>
    </message>
    <message>
        <source>{name} (privileged)</source>
        <translation>{name}（特权）</translation>
    </message>
    <message>
        <source>Variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>all questions</source>
        <translation>全部问题</translation>
    </message>
    <message>
        <source>Limit</source>
        <translation>上限</translation>
    </message>
    <message>
        <source>Unfinished run</source>
        <translation>未完成的运行</translation>
    </message>
    <message>
        <source>Answer</source>
        <translation>作答</translation>
    </message>
    <message>
        <source>No questions with documents in this project: import a RAMDocs-style dataset (File › Import), or retrieve passages for your questions first.</source>
        <translation>本项目中没有带文档的问题：请导入 RAMDocs 格式的数据集（文件 › 导入数据…），或先为问题检索段落。</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <source>Answering from documents</source>
        <translation>正在根据文档作答</translation>
    </message>
    <message>
        <source>Cancelled; the answers so far are kept and Resume finishes the run.</source>
        <translation>已取消；已有的回答会保留，“继续”可完成该运行。</translation>
    </message>
    <message>
        <source>{run_id} ({variant}): {n_items} questions answered in {seconds} s. Review › Conflicts shows the figures and each question.</source>
        <translation>{run_id}（{variant}）：用 {seconds} 秒回答了 {n_items} 个问题。审阅 › 冲突 显示各项指标和每个问题。</translation>
    </message>
    <message>
        <source> The answers so far are kept; Resume continues {run}.</source>
        <translation>已有的回答会保留；“继续”将接着运行 {run}。</translation>
    </message>
    <message>
        <source>Failed: {v0}.{hint}</source>
        <translation>失败：{v0}。{hint}</translation>
    </message>
</context>
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
        <source>α: Krippendorff's alpha (nominal, missing values allowed) over first-pass labels; κ: Cohen's kappa on the units both raters labelled; intervals: percentile bootstrap over units ({n_resamples} resamples, seed 42). A rater paired with “&lt;name&gt;:retest” is test–retest agreement. The pull compares a human's agreement with an LLM pre-labeler on labels made blind and labels made after the pre-label was revealed.</source>
        <translation>α：基于首轮标注的 Krippendorff alpha（名义尺度，允许缺失值）；κ：两位评分者都标注过的单元上的 Cohen kappa；区间：对单元做百分位 bootstrap（{n_resamples} 次重抽样，种子 42）。与“&lt;name&gt;:retest”配对的评分者表示重测一致性。“牵引”比较人工评分者在盲标与看到 LLM 预标注后所做标注上与该预标注者的一致性。</translation>
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
    <message>
        <source>two people</source>
        <translation>两人之间</translation>
    </message>
    <message>
        <source>person and LLM</source>
        <translation>人与 LLM</translation>
    </message>
    <message>
        <source>two LLMs</source>
        <translation>两个 LLM</translation>
    </message>
    <message>
        <source>test–retest</source>
        <translation>重测</translation>
    </message>
    <message>
        <source>evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>reasoning</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>sentence</source>
        <translation>句子</translation>
    </message>
    <message>
        <source>Sentence label</source>
        <translation>句子标注</translation>
    </message>
</context>
<context>
    <name>AnnotatorChoice</name>
    <message>
        <source>Who is labelling?</source>
        <translation>谁在标注？</translation>
    </message>
    <message>
        <source>Your name, stored with every label and triage decision you make in this project:</source>
        <translation>您的姓名，将随您在本项目中的每条标注和每个分诊决定一起保存：</translation>
    </message>
    <message>
        <source>not set yet (asked at the first label)</source>
        <translation>尚未设置（在第一次标注时询问）</translation>
    </message>
    <message>
        <source>Your name, stored with every label you make in this project:</source>
        <translation>您的姓名，将随您在本项目中的每条标注一起保存：</translation>
    </message>
    <message>
        <source>Nothing labelled: give your name first (it is stored with every label).</source>
        <translation>未标注：请先填写姓名（它会随每条标注保存）。</translation>
    </message>
</context>
<context>
    <name>AnswersView</name>
    <message>
        <source>Item</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>Tier</source>
        <translation>风险等级</translation>
    </message>
    <message>
        <source>Strict</source>
        <translation>严格</translation>
    </message>
    <message>
        <source>Lost in</source>
        <translation>丢失环节</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>审阅</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>missed</source>
        <translation>遗漏</translation>
    </message>
    <message>
        <source>wrong</source>
        <translation>错选</translation>
    </message>
    <message>
        <source>retrieval</source>
        <translation>检索</translation>
    </message>
    <message>
        <source>generation</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>terminology</source>
        <translation>术语</translation>
    </message>
    <message>
        <source>data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>misread</source>
        <translation>误读</translation>
    </message>
    <message>
        <source>made up</source>
        <translation>编造</translation>
    </message>
    <message>
        <source>acceptable</source>
        <translation>可接受</translation>
    </message>
    <message>
        <source>not acceptable</source>
        <translation>不可接受</translation>
    </message>
    <message>
        <source>{n} items: strict {strict}, intermediate {intermediate}, lenient {lenient}</source>
        <translation>{n} 个条目：严格 {strict}，中等 {intermediate}，宽松 {lenient}</translation>
    </message>
    <message>
        <source>acceptable (expert review, {reviewed} of {sampled}) {rate} against strict {strict} on those items — strict &amp; acceptable {sa}, strict &amp; not {sn}, not strict &amp; acceptable {na}, neither {nn}</source>
        <translation>可接受（专家审阅，{sampled} 个中已审 {reviewed} 个）{rate}，这些条目上的严格得分为 {strict} — 严格且可接受 {sa}，严格但不可接受 {sn}，不严格但可接受 {na}，两者皆否 {nn}</translation>
    </message>
    <message>
        <source>evidence coverage {coverage}, faithfulness {faithfulness}; missed: retrieval {retrieval}, generation {generation}, terminology {terminology}; wrong: made up {made_up}, misread {misread}</source>
        <translation>证据覆盖率 {coverage}，忠实度 {faithfulness}；遗漏：检索 {retrieval}，生成 {generation}，术语 {terminology}；错选：编造 {made_up}，误读 {misread}</translation>
    </message>
    <message>
        <source>refusals {rate}</source>
        <translation>拒答率 {rate}</translation>
    </message>
    <message>
        <source>Question:</source>
        <translation>问题：</translation>
    </message>
    <message>
        <source>Gold options:</source>
        <translation>金标准选项：</translation>
    </message>
    <message>
        <source>Chosen:</source>
        <translation>所选：</translation>
    </message>
    <message>
        <source>Tier:</source>
        <translation>风险等级：</translation>
    </message>
    <message>
        <source>Category:</source>
        <translation>类别：</translation>
    </message>
    <message>
        <source>Reference answer:</source>
        <translation>参考答案：</translation>
    </message>
    <message>
        <source>Lost:</source>
        <translation>丢失：</translation>
    </message>
    <message>
        <source>Review:</source>
        <translation>审阅：</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>拒答</translation>
    </message>
    <message>
        <source>Passages the system saw</source>
        <translation>系统看到的段落</translation>
    </message>
    <message>
        <source>The record does not list the passages the system saw.</source>
        <translation>该记录未列出系统看到的段落。</translation>
    </message>
    <message>
        <source> (cited)</source>
        <translation>（已引用）</translation>
    </message>
    <message>
        <source>Gold passages</source>
        <translation>金标准段落</translation>
    </message>
    <message>
        <source>Answers</source>
        <translation>回答</translation>
    </message>
    <message>
        <source>Run:</source>
        <translation>运行：</translation>
    </message>
    <message>
        <source>Draw review sample (15 %)</source>
        <translation>抽取审阅样本（15 %）</translation>
    </message>
    <message>
        <source>A stratified (by risk tier), seeded sample of the run's answers for expert review</source>
        <translation>按风险等级分层、使用固定种子抽取的本次运行回答样本，供专家审阅</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>备注：</translation>
    </message>
    <message>
        <source>optional note, then A = acceptable, N = not acceptable (Alt+A / Alt+N while typing)</source>
        <translation>可选备注，然后按 A = 可接受，N = 不可接受（输入时用 Alt+A / Alt+N）</translation>
    </message>
    <message>
        <source>&amp;Acceptable</source>
        <translation>可接受(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Not acceptable</source>
        <translation>不可接受(&amp;N)</translation>
    </message>
    <message>
        <source>Reading answers</source>
        <translation>正在读取回答</translation>
    </message>
    <message>
        <source>Could not read the run</source>
        <translation>无法读取该运行</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>正在读取…</translation>
    </message>
    <message>
        <source>No choices runs yet: import the answers a system gave with File › Import data… (Ctrl+I), kind “choices”.</source>
        <translation>尚无选项类运行：请通过 文件 › 导入数据…（Ctrl+I）导入系统给出的回答，类型为“choices”。</translation>
    </message>
    <message>
        <source>Review sample {sample}: {n} answers.</source>
        <translation>审阅样本 {sample}：{n} 个回答。</translation>
    </message>
    <message>
        <source>{n} failed answers (draw a review sample to judge answers).</source>
        <translation>{n} 个未通过的回答（抽取审阅样本以评判回答）。</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Drawing a review sample</source>
        <translation>正在抽取审阅样本</translation>
    </message>
    <message>
        <source>Could not draw a sample: {v0}</source>
        <translation>无法抽取样本：{v0}</translation>
    </message>
    <message>
        <source>Saving the review</source>
        <translation>正在保存审阅结果</translation>
    </message>
    <message>
        <source>Could not save: {v0}</source>
        <translation>无法保存：{v0}</translation>
    </message>
    <message>
        <source>(penalty {penalty} per wrong option)</source>
        <translation>（每个错误选项扣 {penalty}）</translation>
    </message>
    <message>
        <source>Lenient penalty:</source>
        <translation>宽松扣分：</translation>
    </message>
    <message>
        <source>What the lenient score takes off per wrong option chosen (0 to 1); the report uses the last value chosen here</source>
        <translation>宽松得分对每个选错的选项扣除的分值（0 到 1）；报告使用此处最后选择的值</translation>
    </message>
    <message>
        <source>Gold options</source>
        <translation>金标准选项</translation>
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
    <name>BrokenPage</name>
    <message>
        <source>The {name} page cannot be shown: {reason}</source>
        <translation>无法显示“{name}”页面：{reason}</translation>
    </message>
</context>
<context>
    <name>CertifyPanel</name>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Estimate [95% CI]</source>
        <translation>估计值 [95% 置信区间]</translation>
    </message>
    <message>
        <source>From</source>
        <translation>依据</translation>
    </message>
    <message>
        <source>Interval</source>
        <translation>区间</translation>
    </message>
    <message>
        <source>sentence</source>
        <translation>句子</translation>
    </message>
    <message>
        <source>sentences</source>
        <translation>个句子</translation>
    </message>
    <message>
        <source>claim</source>
        <translation>主张</translation>
    </message>
    <message>
        <source>claims</source>
        <translation>条主张</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>{k} of {n}</source>
        <translation>{n} 中的 {k}</translation>
    </message>
    <message>
        <source>Target half-width ±</source>
        <translation>目标半宽 ±</translation>
    </message>
    <message>
        <source>The prediction-powered interval's half-width to reach: says how many more labels it takes</source>
        <translation>预测驱动区间要达到的半宽：据此给出还需要多少标注</translation>
    </message>
    <message>
        <source>Draw these units…</source>
        <translation>抽取这些单元…</translation>
    </message>
    <message>
        <source>Write that many unlabelled units (stratified by the verifier's flag and the dataset) to a file, to label or to send to a rater</source>
        <translation>将这么多未标注单元（按核验器标记和数据集分层）写入文件，用于标注或发送给评分者</translation>
    </message>
    <message>
        <source>Send them to a rater…</source>
        <translation>发送给评分者…</translation>
    </message>
    <message>
        <source>No finished verify run to certify: verify claims or import verdicts first.</source>
        <translation>没有可认证的已完成核验运行：请先核验主张或导入判定。</translation>
    </message>
    <message>
        <source>Certifying…</source>
        <translation>正在认证…</translation>
    </message>
    <message>
        <source>Certifying the run</source>
        <translation>正在认证该运行</translation>
    </message>
    <message>
        <source>&lt;b&gt;{run}&lt;/b&gt; ({mapping}, {level} level): {n} labelled {units} ({source}, {errors} errors) and {unlabelled} unlabelled. "Error" = the expert says the {unit} contains one; the verifier flags it under {mapping}.</source>
        <translation>&lt;b&gt;{run}&lt;/b&gt;（{mapping}，{level}级）：{n} {units}已标注（{source}，{errors} 个错误），{unlabelled} 个未标注。“错误”= 专家认为该{unit}含有错误；核验器在 {mapping} 下将其标记。</translation>
    </message>
    <message>
        <source>Sensitivity (flags a real error)</source>
        <translation>灵敏度（标出真实错误）</translation>
    </message>
    <message>
        <source>Specificity (passes a correct unit)</source>
        <translation>特异度（放过正确单元）</translation>
    </message>
    <message>
        <source>Error rate, labels only</source>
        <translation>错误率，仅依据标注</translation>
    </message>
    <message>
        <source>Error rate, verifier alone</source>
        <translation>错误率，仅依据核验器</translation>
    </message>
    <message>
        <source>{n} units</source>
        <translation>{n} 个单元</translation>
    </message>
    <message>
        <source>none: share flagged, carries the verifier's bias</source>
        <translation>无：被标记的比例，带有核验器的偏差</translation>
    </message>
    <message>
        <source>Error rate, prediction-powered</source>
        <translation>错误率，预测驱动推断</translation>
    </message>
    <message>
        <source>{labels} labels + {verdicts} verdicts</source>
        <translation>{labels} 条标注 + {verdicts} 个判定</translation>
    </message>
    <message>
        <source>CLT (PPI)</source>
        <translation>中心极限定理（PPI）</translation>
    </message>
    <message>
        <source>now {value}</source>
        <translation>当前 {value}</translation>
    </message>
    <message>
        <source>no interval yet</source>
        <translation>尚无区间</translation>
    </message>
    <message>
        <source>To bring the prediction-powered half-width to {target} ({now_text}): &lt;b&gt;{more} more labelled {units}&lt;/b&gt;.</source>
        <translation>要使预测驱动区间的半宽达到 {target}（{now_text}）：&lt;b&gt;还需标注 {more} {units}&lt;/b&gt;。</translation>
    </message>
    <message>
        <source>The prediction-powered half-width is already within {target} ({now_text}).</source>
        <translation>预测驱动区间的半宽已在 {target} 以内（{now_text}）。</translation>
    </message>
    <message>
        <source>Half-width {target}: {v0}.</source>
        <translation>半宽 {target}：{v0}。</translation>
    </message>
    <message>
        <source>not reachable</source>
        <translation>无法达到</translation>
    </message>
    <message>
        <source>Note: {note}</source>
        <translation>注：{note}</translation>
    </message>
    <message>
        <source>Note: the prediction-powered interval is wider than the labels' own: the verifier's flags disagree with the labels too often to help here, so more labels (or a better verifier) narrow it, not more verdicts.</source>
        <translation>注：预测驱动区间比仅用标注得到的区间更宽：核验器的标记与标注不一致的情况太多，在此帮不上忙，因此缩小区间要靠更多标注（或更好的核验器），而不是更多判定。</translation>
    </message>
    <message>
        <source>Units to label</source>
        <translation>待标注单元</translation>
    </message>
    <message>
        <source>JSON lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <source>Drawing {n} {units}…</source>
        <translation>正在抽取 {n} {units}…</translation>
    </message>
    <message>
        <source>Drawing units to label</source>
        <translation>正在抽取待标注单元</translation>
    </message>
    <message>
        <source>Not drawn: {v0}</source>
        <translation>未抽取：{v0}</translation>
    </message>
    <message>
        <source>Wrote {n} {units} to label to {name} (stratified by the verifier's flag and the dataset). Label them, or send them to a rater.</source>
        <translation>已将待标注的 {n} {units}写入 {name}（按核验器标记和数据集分层）。请标注它们，或发送给评分者。</translation>
    </message>
    <message>
        <source>Every unit is labelled: the error rate is the labels' own, {value}; there is nothing left to draw.</source>
        <translation>每个单元都已标注：错误率即标注本身的结果 {value}；没有可再抽取的单元。</translation>
    </message>
    <message>
        <source>expert</source>
        <translation>专家</translation>
    </message>
    <message>
        <source>adjudicated</source>
        <translation>裁定</translation>
    </message>
    <message>
        <source>Gold:</source>
        <translation>标准：</translation>
    </message>
    <message>
        <source>The labels that count as truth: certify's default (adjudicated, else the expert's, else a merged rater's; at claim level the expert's and the claims' gold labels), the expert's, the adjudicated ones, or one rater's</source>
        <translation>作为真值的标签：认证的默认值（有裁定用裁定，否则用专家的，再否则用合并进来的评分者的；在主张层面用专家的及主张的标准标签）、专家的、裁定的，或某一位评分者的</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>Gold: {gold}.</source>
        <translation>标准：{gold}。</translation>
    </message>
</context>
<context>
    <name>CodebookEditor</name>
    <message>
        <source>Evidence dimensions (per claim × passage)</source>
        <translation>证据维度（按主张 × 段落）</translation>
    </message>
    <message>
        <source>Reasoning steps (per claim × verification)</source>
        <translation>推理步骤（按主张 × 核验）</translation>
    </message>
    <message>
        <source>Codebook</source>
        <translation>编码本</translation>
    </message>
    <message>
        <source>Version:</source>
        <translation>版本：</translation>
    </message>
    <message>
        <source>Dimension / code</source>
        <translation>维度 / 代码</translation>
    </message>
    <message>
        <source>Pattern</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>+ Dimension</source>
        <translation>+ 维度</translation>
    </message>
    <message>
        <source>+ Code</source>
        <translation>+ 代码</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Move up</source>
        <translation>上移</translation>
    </message>
    <message>
        <source>Move down</source>
        <translation>下移</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>备注：</translation>
    </message>
    <message>
        <source>What changed (stored with the version)</source>
        <translation>改动说明（随版本保存）</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>还原</translation>
    </message>
    <message>
        <source>Save as new version</source>
        <translation>另存为新版本</translation>
    </message>
    <message>
        <source> (latest)</source>
        <translation>（最新）</translation>
    </message>
    <message>
        <source> (latest is v{latest}; saving builds on this one)</source>
        <translation>（最新为 v{latest}；保存将基于当前版本）</translation>
    </message>
    <message>
        <source>Codebook v{version}{latest}: {v0} evidence dimensions, {v1} reasoning steps, {n_codes} codes. Saving stores a new version; existing labels keep the version they were made under.</source>
        <translation>编码本 v{version}{latest}：{v0} 个证据维度，{v1} 个推理步骤，{n_codes} 个代码。保存会存为新版本；已有标注保留其创建时的版本。</translation>
    </message>
    <message>
        <source>New dimension</source>
        <translation>新维度</translation>
    </message>
    <message>
        <source>New step</source>
        <translation>新步骤</translation>
    </message>
    <message>
        <source>Code {n}</source>
        <translation>代码 {n}</translation>
    </message>
    <message>
        <source>Saving the codebook</source>
        <translation>正在保存编码本</translation>
    </message>
    <message>
        <source> Nothing changed, so no new version was made.</source>
        <translation> 没有改动，因此未生成新版本。</translation>
    </message>
    <message>
        <source>Not saved — fix these first:</source>
        <translation>未保存 — 请先修正以下问题：</translation>
    </message>
    <message>
        <source>Not saved: {v0}</source>
        <translation>未保存：{v0}</translation>
    </message>
    <message>
        <source>Discard the unsaved codebook changes?</source>
        <translation>放弃尚未保存的编码本修改？</translation>
    </message>
</context>
<context>
    <name>CodebookForms</name>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>R1: Entity mismatch
V1: Selective coverage</source>
        <translation>R1: 实体不匹配
V1: 选择性覆盖</translation>
    </message>
    <message>
        <source>Patterns
(one “id: name” a line):</source>
        <translation>模式
（每行一个“id: 名称”）：</translation>
    </message>
    <message>
        <source>Choose a dimension or a code on the left to edit it. Failure codes name the taxonomy pattern they feed (R1–R6 retrieval, V1–V6 verification).</source>
        <translation>在左侧选择一个维度或代码进行编辑。失败代码注明其对应的分类模式（R1–R6 检索，V1–V6 核验）。</translation>
    </message>
    <message>
        <source>lower_snake_case; annotation files use this id</source>
        <translation>lower_snake_case（小写加下划线）；标注文件使用此 id</translation>
    </message>
    <message>
        <source>Id:</source>
        <translation>ID：</translation>
    </message>
    <message>
        <source>Question:</source>
        <translation>问题：</translation>
    </message>
    <message>
        <source>lower_snake_case, unique within its dimension</source>
        <translation>lower_snake_case（小写加下划线），在其维度内唯一</translation>
    </message>
    <message>
        <source>Definition:</source>
        <translation>定义：</translation>
    </message>
    <message>
        <source>One example a line</source>
        <translation>每行一个示例</translation>
    </message>
    <message>
        <source>Examples:</source>
        <translation>示例：</translation>
    </message>
    <message>
        <source>The failure pattern this code feeds; empty for codes that are not failures</source>
        <translation>此代码对应的失败模式；非失败代码留空</translation>
    </message>
    <message>
        <source>Pattern:</source>
        <translation>模式：</translation>
    </message>
    <message>
        <source>Counts as high quality on this dimension</source>
        <translation>在此维度上计为高质量</translation>
    </message>
    <message>
        <source>Marks the passage off topic (for R6, nothing relevant retrieved)</source>
        <translation>将段落标记为离题（用于 R6：未检索到相关内容）</translation>
    </message>
</context>
<context>
    <name>ConflictRunsSection</name>
    <message>
        <source>No aggregate run has answered an item yet. Run conflict-aware answering (Workflow › Aggregate) on a dataset with document answers to score it here.</source>
        <translation>还没有聚合运行回答过任何条目。请在带有文档答案的数据集上运行冲突感知回答（工作流 › 聚合），即可在此评分。</translation>
    </message>
    <message>
        <source>Each aggregate run over the items it answered, against the gold answers: the five conflict metrics with bootstrap 95% intervals ({n} resamples). A privileged variant (oracle) sees the gold and is a ceiling, not a method.</source>
        <translation>每个聚合运行在其已回答的条目上与标准答案比较：五项冲突指标及 bootstrap 95% 区间（{n} 次重抽样）。特权变体能看到标准答案，是上限而不是方法。</translation>
    </message>
    <message>
        <source>{run}: its items by evidence condition (an item can carry several), conflict type (conflict items only) and question language.</source>
        <translation>{run}：其条目按证据条件（一个条目可属于多个）、冲突类型（仅冲突条目）和问题语言分组。</translation>
    </message>
    <message>
        <source>{run}: its items fall in one group of each breakdown, so the run's row says it all.</source>
        <translation>{run}：其条目在每种细分中都只属于一个组，因此该运行的行已说明一切。</translation>
    </message>
    <message>
        <source>{n} items are not answered yet.</source>
        <translation>{n} 个条目尚未回答。</translation>
    </message>
</context>
<context>
    <name>ConflictsView</name>
    <message>
        <source>same as the oracle</source>
        <translation>与理想流程相同</translation>
    </message>
    <message>
        <source>extraction</source>
        <translation>抽取</translation>
    </message>
    <message>
        <source>repair</source>
        <translation>修复</translation>
    </message>
    <message>
        <source>grouping</source>
        <translation>分组</translation>
    </message>
    <message>
        <source>aggregation</source>
        <translation>聚合</translation>
    </message>
    <message>
        <source>single call</source>
        <translation>单次调用</translation>
    </message>
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
        <source>Question:</source>
        <translation>问题：</translation>
    </message>
    <message>
        <source>Gold answers:</source>
        <translation>金标准答案：</translation>
    </message>
    <message>
        <source>Conditions:</source>
        <translation>条件：</translation>
    </message>
    <message>
        <source>Diverged from the oracle at:</source>
        <translation>与理想流程的分歧点：</translation>
    </message>
    <message>
        <source>Doc</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>Lang</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>候选答案</translation>
    </message>
    <message>
        <source>Quote</source>
        <translation>引文</translation>
    </message>
    <message>
        <source>Repair</source>
        <translation>修复</translation>
    </message>
    <message>
        <source>Documents</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>none ({status})</source>
        <translation>无（{status}）</translation>
    </message>
    <message>
        <source>Groups (by {rule})</source>
        <translation>分组（依据 {rule}）</translation>
    </message>
    <message>
        <source>Single call: no per-document stages.</source>
        <translation>单次调用：没有逐文档的阶段。</translation>
    </message>
    <message>
        <source>Output ({kind})</source>
        <translation>输出（{kind}）</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Strict: {strict}; conflict-aware success: {success}; model calls: {calls}</source>
        <translation>严格：{strict}；冲突感知成功：{success}；模型调用：{calls} 次</translation>
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
        <source>Reading conflicts</source>
        <translation>正在读取冲突</translation>
    </message>
    <message>
        <source>Could not read the run</source>
        <translation>无法读取该运行</translation>
    </message>
    <message>
        <source>No aggregate runs yet: press “Answer from documents…” to answer the questions of a dataset whose items carry documents (rules take seconds, no model).</source>
        <translation>尚无汇总运行：点击“根据文档作答…”，回答条目带文档的数据集中的问题（规则方法只需几秒，无需模型）。</translation>
    </message>
    <message>
        <source>{v0} items, {v1} conflict items: {figures}{note}</source>
        <translation>{v0} 个条目，{v1} 个冲突条目：{figures}{note}</translation>
    </message>
    <message>
        <source>conflict</source>
        <translation>冲突</translation>
    </message>
    <message>
        <source>no conflict</source>
        <translation>无冲突</translation>
    </message>
    <message>
        <source>misinformation</source>
        <translation>错误信息</translation>
    </message>
    <message>
        <source>noise</source>
        <translation>噪声</translation>
    </message>
    <message>
        <source>ambiguous</source>
        <translation>歧义</translation>
    </message>
    <message>
        <source>bilingual</source>
        <translation>双语</translation>
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
        <source>documents</source>
        <translation>个文档</translation>
    </message>
    <message>
        <source>passages</source>
        <translation>个段落</translation>
    </message>
    <message>
        <source>items</source>
        <translation>个条目</translation>
    </message>
    <message>
        <source>sentences</source>
        <translation>个句子</translation>
    </message>
    <message>
        <source>claims</source>
        <translation>条主张</translation>
    </message>
    <message>
        <source>hits</source>
        <translation>条检索结果</translation>
    </message>
    <message>
        <source>verdicts</source>
        <translation>个判定</translation>
    </message>
    <message>
        <source>predictions</source>
        <translation>条预测</translation>
    </message>
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
        <source>yes</source>
        <translation>是</translation>
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
    <message>
        <source>The complete record could not be read: {error}</source>
        <translation>无法读取完整记录：{error}</translation>
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
        <source>{name} ({n} sentences)</source>
        <translation>{name}（{n} 个句子）</translation>
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
        <source>{run_id}: {n_claims} claims from {n_sentences} sentences of {n_items} answers in {seconds} s.</source>
        <translation>{run_id}：用 {seconds} 秒从 {n_items} 个回答的 {n_sentences} 个句子中得到 {n_claims} 条主张。</translation>
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
    <message>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>unlabelled</source>
        <translation>未标注</translation>
    </message>
    <message>
        <source>Select a row to see its full text.</source>
        <translation>选择一行以查看其全文。</translation>
    </message>
    <message>
        <source>Answer, {n} sentences</source>
        <translation>回答，共 {n} 句</translation>
    </message>
    <message>
        <source>Gold evidence ({n})</source>
        <translation>金标准证据（{n}）</translation>
    </message>
</context>
<context>
    <name>DisagreementModel</name>
    <message>
        <source>missed error</source>
        <translation>漏报的错误</translation>
    </message>
    <message>
        <source>false alarm</source>
        <translation>误报</translation>
    </message>
    <message>
        <source>wrong verdict</source>
        <translation>错误判定</translation>
    </message>
    <message>
        <source>missed errors</source>
        <translation>漏报的错误</translation>
    </message>
    <message>
        <source>false alarms</source>
        <translation>误报</translation>
    </message>
    <message>
        <source>wrong verdicts</source>
        <translation>错误判定</translation>
    </message>
    <message>
        <source>Retrieval error</source>
        <translation>检索错误</translation>
    </message>
    <message>
        <source>Verification error</source>
        <translation>核验错误</translation>
    </message>
    <message>
        <source>Wrong gold label</source>
        <translation>金标准标注错误</translation>
    </message>
    <message>
        <source>pre-fill: {name}</source>
        <translation>预填：{name}</translation>
    </message>
    <message>
        <source>not triaged</source>
        <translation>未分诊</translation>
    </message>
</context>
<context>
    <name>EndpointDialog</name>
    <message>
        <source>Add endpoint</source>
        <translation>添加端点</translation>
    </message>
    <message>
        <source>the server's model name</source>
        <translation>服务器上的模型名称</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Base URL</source>
        <translation>基础 URL</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
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
    <message>
        <source>claim {id} · {n} passages · {found} of {gold} gold passages retrieved</source>
        <translation>主张 {id} · {n} 个段落 · 检索到 {gold} 个金标准段落中的 {found} 个</translation>
    </message>
    <message>
        <source>[gold]</source>
        <translation>[金标准]</translation>
    </message>
    <message>
        <source>score {score}</source>
        <translation>得分 {score}</translation>
    </message>
    <message>
        <source>Gold passages not retrieved: {ids}</source>
        <translation>未检索到的金标准段落：{ids}</translation>
    </message>
</context>
<context>
    <name>ImportDialog</name>
    <message>
        <source>— not in file —</source>
        <translation>— 文件中没有 —</translation>
    </message>
    <message>
        <source>Passages (corpus)</source>
        <translation>段落（语料库）</translation>
    </message>
    <message>
        <source>Claims</source>
        <translation>主张</translation>
    </message>
    <message>
        <source>Answers with sentences</source>
        <translation>带句子的回答</translation>
    </message>
    <message>
        <source>Verdicts of a verifier</source>
        <translation>核验器的判定</translation>
    </message>
    <message>
        <source>Retrieval run (ranked passages)</source>
        <translation>检索运行（排序后的段落）</translation>
    </message>
    <message>
        <source>Chosen answers (multi-answer items)</source>
        <translation>所选答案（多答案题）</translation>
    </message>
    <message>
        <source>Candidate answers (conflict items)</source>
        <translation>候选答案（冲突题）</translation>
    </message>
    <message>
        <source>Import data</source>
        <translation>导入数据</translation>
    </message>
    <message>
        <source>One or more .jsonl, .csv or dataset files</source>
        <translation>一个或多个 .jsonl、.csv 或数据集文件</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Automatic (recognised from the content)</source>
        <translation>自动（根据内容识别）</translation>
    </message>
    <message>
        <source>{f} (generic)</source>
        <translation>{f}（通用）</translation>
    </message>
    <message>
        <source>{f} (adapter)</source>
        <translation>{f}（适配器）</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Chosen by the adapter</source>
        <translation>由适配器决定</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>the file name</source>
        <translation>文件名</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Prefix every imported id, to keep ids that collide with existing ones apart</source>
        <translation>为每个导入的 ID 加前缀，以区分与现有 ID 冲突的 ID</translation>
    </message>
    <message>
        <source>Id prefix</source>
        <translation>ID 前缀</translation>
    </message>
    <message>
        <source>Split</source>
        <translation>划分</translation>
    </message>
    <message>
        <source>Dataset name</source>
        <translation>数据集名称</translation>
    </message>
    <message>
        <source>optional, e.g. label=0:Supported,1:No Evidence,2:Refuted</source>
        <translation>可选，例如 label=0:Supported,1:No Evidence,2:Refuted</translation>
    </message>
    <message>
        <source>Rewrite the values of a field while importing: FIELD=VALUE:NEW,VALUE:NEW; separate several fields with ';'</source>
        <translation>导入时改写某字段的取值：字段=原值:新值,原值:新值；多个字段之间用“;”分隔</translation>
    </message>
    <message>
        <source>Import the valid records, list the others in a side file</source>
        <translation>导入有效记录，其余记录列入旁附文件</translation>
    </message>
    <message>
        <source>Off: the import is all or nothing. On: invalid records are left out and written to &lt;file&gt;.rejected.jsonl with the reason for each.</source>
        <translation>关闭：导入要么全部成功，要么全部不导入。开启：无效记录被跳过，并连同各自原因写入 &lt;file&gt;.rejected.jsonl。</translation>
    </message>
    <message>
        <source>Label values</source>
        <translation>标签取值</translation>
    </message>
    <message>
        <source>Preview (first rows)</source>
        <translation>预览（前几行）</translation>
    </message>
    <message>
        <source>Field mapping  (* required)</source>
        <translation>字段映射　（* 必填）</translation>
    </message>
    <message>
        <source>Our field</source>
        <translation>本系统字段</translation>
    </message>
    <message>
        <source>Column in the file</source>
        <translation>文件中的列</translation>
    </message>
    <message>
        <source>Nothing was imported. Fix these problems and try again:</source>
        <translation>未导入任何内容。请修正以下问题后重试：</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Read the files and show what the import would write, without writing (Ctrl+K)</source>
        <translation>读取文件并显示导入将写入的内容，但不实际写入（Ctrl+K）</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Data files (*.jsonl *.ndjson *.csv *.json *.tsv *.txt *.run);;All files (*)</source>
        <translation>数据文件 (*.jsonl *.ndjson *.csv *.json *.tsv *.txt *.run);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Choose files to import</source>
        <translation>选择要导入的文件</translation>
    </message>
    <message>
        <source>Choose the files to import. JSONL and CSV files are read with the field mapping below; the dataset adapters (SciFact, HealthVer, …) read their own layout.</source>
        <translation>请选择要导入的文件。JSONL 和 CSV 文件按下方的字段映射读取；数据集适配器（SciFact、HealthVer 等）按各自的格式读取。</translation>
    </message>
    <message>
        <source>{v0} Choose it above.</source>
        <translation>{v0} 请在上方选择格式。</translation>
    </message>
    <message>
        <source>The format cannot be recognised.</source>
        <translation>无法识别格式。</translation>
    </message>
    <message>
        <source>Cannot preview {name}: {v0}</source>
        <translation>无法预览 {name}：{v0}</translation>
    </message>
    <message>
        <source>{v0}{v1} preview rows from {name}, {v2} columns. Map our fields to your columns on the right.</source>
        <translation>{v0}来自 {name} 的 {v1} 行预览，共 {v2} 列。请在右侧将本系统字段映射到您的列。</translation>
    </message>
    <message>
        <source>{v0}The {fmt} adapter reads its own layout; no mapping needed.</source>
        <translation>{v0}{fmt} 适配器按自己的格式读取；无需映射。</translation>
    </message>
    <message>
        <source>Recognised as {what}: {reason}. </source>
        <translation>识别为 {what}：{reason}。</translation>
    </message>
    <message>
        <source>required</source>
        <translation>必填</translation>
    </message>
    <message>
        <source>Choose at least one file.</source>
        <translation>请至少选择一个文件。</translation>
    </message>
    <message>
        <source>Checking what the import would do…</source>
        <translation>正在检查导入将执行的操作…</translation>
    </message>
    <message>
        <source>Checking {files}</source>
        <translation>正在检查 {files}</translation>
    </message>
    <message>
        <source>Nothing was written. Import when the summary below is what you expect.</source>
        <translation>未写入任何内容。如下方摘要符合预期，即可导入。</translation>
    </message>
    <message>
        <source>The import would fail with these settings: see the problems below.</source>
        <translation>按这些设置导入将会失败：请查看下方的问题。</translation>
    </message>
    <message>
        <source>Importing…</source>
        <translation>正在导入…</translation>
    </message>
    <message>
        <source>Importing {files}</source>
        <translation>正在导入 {files}</translation>
    </message>
    <message>
        <source>The import is running and finishes as a whole; the dialog closes when it is done.</source>
        <translation>导入正在进行，并将作为一个整体完成；完成后对话框会关闭。</translation>
    </message>
    <message>
        <source>Imported {v0} records. {rejected} invalid records were left out; each is listed with its reason in {sides}.</source>
        <translation>已导入 {v0} 条记录。{rejected} 条无效记录被跳过；每条记录及其原因列在 {sides} 中。</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Import cancelled; nothing was imported.</source>
        <translation>导入已取消；未导入任何内容。</translation>
    </message>
    <message>
        <source>The import failed; nothing was imported.</source>
        <translation>导入失败；未导入任何内容。</translation>
    </message>
    <message>
        <source>… stopped after {n} problems</source>
        <translation>… 在 {n} 个问题后停止</translation>
    </message>
</context>
<context>
    <name>ImportPlanPanel</name>
    <message>
        <source>… {n_problems} problems in all</source>
        <translation>… 共 {n_problems} 个问题</translation>
    </message>
</context>
<context>
    <name>JobArea</name>
    <message>
        <source>{n} s</source>
        <translation>{n} 秒</translation>
    </message>
    <message>
        <source>{n} min</source>
        <translation>{n} 分钟</translation>
    </message>
    <message>
        <source>{h} h {m} min</source>
        <translation>{h} 小时 {m} 分钟</translation>
    </message>
    <message>
        <source>{rate} {noun}/s</source>
        <translation>每秒 {rate} {noun}</translation>
    </message>
    <message>
        <source>{rate} {noun}/min</source>
        <translation>每分钟 {rate} {noun}</translation>
    </message>
    <message>
        <source>ETA {time}</source>
        <translation>预计剩余 {time}</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>{job}: done</source>
        <translation>{job}：已完成</translation>
    </message>
    <message>
        <source>{job}: failed</source>
        <translation>{job}：失败</translation>
    </message>
    <message>
        <source>{job}: cancelled</source>
        <translation>{job}：已取消</translation>
    </message>
</context>
<context>
    <name>JobDialog</name>
    <message>
        <source>units</source>
        <translation>单元</translation>
    </message>
    <message>
        <source>unit</source>
        <translation>单元</translation>
    </message>
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
    <message>
        <source>questions</source>
        <translation>个问题</translation>
    </message>
    <message>
        <source>question</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>answering</source>
        <translation>正在作答</translation>
    </message>
    <message>
        <source>pre-labelling</source>
        <translation>正在预标注</translation>
    </message>
    <message>
        <source>claims</source>
        <translation>条主张</translation>
    </message>
    <message>
        <source>claim</source>
        <translation>主张</translation>
    </message>
    <message>
        <source>verifying</source>
        <translation>正在核验</translation>
    </message>
    <message>
        <source>answers</source>
        <translation>个回答</translation>
    </message>
    <message>
        <source>answer</source>
        <translation>回答</translation>
    </message>
    <message>
        <source>decomposing</source>
        <translation>正在拆分</translation>
    </message>
</context>
<context>
    <name>JudgeScoresSection</name>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>No finished evidence judge run yet. Judge evidence (Workflow › Judge, target: evidence) on claims with gold evidence passages to score the judge here.</source>
        <translation>还没有已完成的证据评判运行。请在带有标准证据段落的主张上评判证据（工作流 › 评判，目标：证据），即可在此为评判者评分。</translation>
    </message>
    <message>
        <source>The relevant label against the claims' gold evidence passages, one row per judge run (CARE, direct or indirect mode, with or without the gold answer). Accuracy, precision and recall: Wilson 95%; F1: bootstrap 95% ({n} resamples). Units of claims without gold evidence are left out.</source>
        <translation>“相关”标签与主张的标准证据段落对比，每个评判运行一行（CARE、直接或间接模式，是否提供标准答案）。准确率、精确率和召回率：Wilson 95%；F1：bootstrap 95%（{n} 次重抽样）。没有标准证据的主张的单元不计入。</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>K = {k}</source>
        <translation>K = {k}</translation>
    </message>
    <message>
        <source>type {v}</source>
        <translation>类型 {v}</translation>
    </message>
    <message>
        <source>difficulty {v}</source>
        <translation>难度 {v}</translation>
    </message>
    <message>
        <source>{run}: {n} judged units with gold ({left} left out without gold, {failed} parse failures counted as not relevant); K = the first K passages of each judged list.</source>
        <translation>{run}：{n} 个有标准的已评判单元（{left} 个因无标准而不计入，{failed} 个解析失败按不相关计）；K = 每个评判列表的前 K 个段落。</translation>
    </message>
</context>
<context>
    <name>LabelingLayout</name>
    <message>
        <source>Evidence pairs (5 dimensions)</source>
        <translation>证据对（5 个维度）</translation>
    </message>
    <message>
        <source>Verifier reasoning (6 steps)</source>
        <translation>核验推理（6 个步骤）</translation>
    </message>
    <message>
        <source>supports</source>
        <translation>支持</translation>
    </message>
    <message>
        <source>refutes</source>
        <translation>反驳</translation>
    </message>
    <message>
        <source>neutral</source>
        <translation>中立</translation>
    </message>
    <message>
        <source>disagreement</source>
        <translation>分歧</translation>
    </message>
    <message>
        <source>sample</source>
        <translation>样本</translation>
    </message>
    <message>
        <source>retest (seen before)</source>
        <translation>重测（之前见过）</translation>
    </message>
    <message>
        <source>Labeling</source>
        <translation>标注</translation>
    </message>
    <message>
        <source>Run:</source>
        <translation>运行：</translation>
    </message>
    <message>
        <source>Verdicts from:</source>
        <translation>判定来自：</translation>
    </message>
    <message>
        <source>The verify run whose verdict is revealed after you commit a pair; its disagreements come first in the queue</source>
        <translation>提交一对后将揭示其判定的核验运行；它的分歧排在队列最前</translation>
    </message>
    <message>
        <source>Annotator:</source>
        <translation>标注者：</translation>
    </message>
    <message>
        <source>your name</source>
        <translation>您的姓名</translation>
    </message>
    <message>
        <source>Your name as it is stored with every label in this project</source>
        <translation>您的姓名，会随本项目中的每条标注保存</translation>
    </message>
    <message>
        <source>Auto-advance</source>
        <translation>自动前进</translation>
    </message>
    <message>
        <source>A digit sets the code and moves to the next dimension; after the last one the unit is committed (5 keys per evidence pair)</source>
        <translation>数字键设定代码并移到下一个维度；最后一个维度后提交该单元（每个证据对按 5 次键）</translation>
    </message>
    <message>
        <source>Reload queue</source>
        <translation>重新载入队列</translation>
    </message>
    <message>
        <source>Keys: 1–9 choose · Enter/Tab next · Shift+Tab back · Backspace undo · R reveal · A accept the revealed pre-label · N note</source>
        <translation>按键：1–9 选择 · Enter/Tab 下一个 · Shift+Tab 返回 · Backspace 撤销 · R 揭示 · A 接受已揭示的预标注 · N 备注</translation>
    </message>
    <message>
        <source>Your labels</source>
        <translation>您的标注</translation>
    </message>
    <message>
        <source>System and pre-label</source>
        <translation>系统与预标注</translation>
    </message>
    <message>
        <source>Previous unit (revealed)</source>
        <translation>上一个单元（已揭示）</translation>
    </message>
    <message>
        <source>Nothing committed yet.</source>
        <translation>尚未提交任何内容。</translation>
    </message>
    <message>
        <source>&lt;span style='color:#6b7380'&gt;Claim {v0} · {tag}&lt;/span&gt;&lt;br&gt;&lt;b style='font-size:15px'&gt;{v1}&lt;/b&gt;</source>
        <translation>&lt;span style='color:#6b7380'&gt;主张 {v0} · {tag}&lt;/span&gt;&lt;br&gt;&lt;b style='font-size:15px'&gt;{v1}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>rank {rank}</source>
        <translation>第 {rank} 名</translation>
    </message>
    <message>
        <source>passage {id}</source>
        <translation>段落 {id}</translation>
    </message>
    <message>
        <source>&lt;b&gt;⚠ The reasoning contradicts the verdict:&lt;/b&gt; it concludes {said}.</source>
        <translation>&lt;b&gt;⚠ 推理与判定相矛盾：&lt;/b&gt;推理的结论是 {said}。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Verdict:&lt;/b&gt; {verdict}</source>
        <translation>&lt;b&gt;判定：&lt;/b&gt;{verdict}</translation>
    </message>
    <message>
        <source>Reasoning:</source>
        <translation>推理：</translation>
    </message>
    <message>
        <source>(no reasoning recorded)</source>
        <translation>（未记录推理）</translation>
    </message>
    <message>
        <source>Passages</source>
        <translation>段落</translation>
    </message>
    <message>
        <source> (this passage: {stance})</source>
        <translation>（此段落：{stance}）</translation>
    </message>
    <message>
        <source>System verdict: &lt;b&gt;{verdict}&lt;/b&gt;</source>
        <translation>系统判定：&lt;b&gt;{verdict}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>No system verdict for this claim in the chosen run.</source>
        <translation>所选运行中此主张没有系统判定。</translation>
    </message>
    <message>
        <source>Gold label: &lt;b&gt;{label}&lt;/b&gt;</source>
        <translation>金标准标注：&lt;b&gt;{label}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>No LLM pre-label for this unit.</source>
        <translation>此单元没有 LLM 预标注。</translation>
    </message>
    <message>
        <source>Pre-label by &lt;code&gt;{who}&lt;/code&gt; ({same} of {n} agree with you):</source>
        <translation>&lt;code&gt;{who}&lt;/code&gt; 的预标注（{n} 项中有 {same} 项与您一致）：</translation>
    </message>
    <message>
        <source>Blind: the system verdict and the LLM pre-label stay hidden until you commit this unit (R reveals them now; later labels are then not blind).</source>
        <translation>盲标：在您提交此单元前，系统判定和 LLM 预标注保持隐藏（按 R 立即揭示；之后的标注即不再是盲标）。</translation>
    </message>
    <message>
        <source>Blind: the LLM pre-label and the gold label stay hidden until you commit this unit (R reveals them now; later labels are then not blind).</source>
        <translation>盲标：在您提交此单元前，LLM 预标注和金标准标注保持隐藏（按 R 立即揭示；之后的标注即不再是盲标）。</translation>
    </message>
</context>
<context>
    <name>LabelingView</name>
    <message>
        <source>New runs or verdicts arrived; you keep your place in the queue (Reload queue takes them in).</source>
        <translation>有新的运行或判定到达；您在队列中的位置保持不变（“重新载入队列”会将其纳入）。</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>first pass</source>
        <translation>首轮</translation>
    </message>
    <message>
        <source>retest pass</source>
        <translation>重测轮</translation>
    </message>
    <message>
        <source>Retrieval run:</source>
        <translation>检索运行：</translation>
    </message>
    <message>
        <source>Verify run:</source>
        <translation>核验运行：</translation>
    </message>
    <message>
        <source>Nothing committed yet.</source>
        <translation>尚未提交任何内容。</translation>
    </message>
    <message>
        <source>No retrieval run to label yet: make or import one on the Runs page.</source>
        <translation>尚无可标注的检索运行：请在“运行”页面创建或导入一个。</translation>
    </message>
    <message>
        <source>No verify run to label yet: make or import one on the Runs page.</source>
        <translation>尚无可标注的核验运行：请在“运行”页面创建或导入一个。</translation>
    </message>
    <message>
        <source>Opening the queue…</source>
        <translation>正在打开队列…</translation>
    </message>
    <message>
        <source>Opening the labeling queue</source>
        <translation>正在打开标注队列</translation>
    </message>
    <message>
        <source>The queue could not be opened.</source>
        <translation>无法打开队列。</translation>
    </message>
    <message>
        <source>Ordering the labeling queue</source>
        <translation>正在排序标注队列</translation>
    </message>
    <message>
        <source>Verify the units with the LLM, then label its reasoning.</source>
        <translation>先用 LLM 核验这些单元，再标注其推理。</translation>
    </message>
    <message>
        <source>Classifier verdicts have no reasoning to label.</source>
        <translation>分类器判定没有可标注的推理。</translation>
    </message>
    <message>
        <source>Nothing left to label in {run} for {annotator}.</source>
        <translation>{run} 中已没有需要 {annotator} 标注的内容。</translation>
    </message>
    <message>
        <source>Codebook v{codebook_version}. Click the card (or press a digit) to label.</source>
        <translation>编码本 v{codebook_version}。点击卡片（或按数字键）开始标注。</translation>
    </message>
    <message>
        <source>Ordering the rest of the queue…</source>
        <translation>正在排序队列的其余部分…</translation>
    </message>
    <message>
        <source>The queue is empty.</source>
        <translation>队列为空。</translation>
    </message>
    <message>
        <source>&lt;b&gt;All done.&lt;/b&gt; Every unit in this queue is labelled.</source>
        <translation>&lt;b&gt;全部完成。&lt;/b&gt;此队列中的每个单元都已标注。</translation>
    </message>
    <message>
        <source>annotator {annotator}</source>
        <translation>标注者 {annotator}</translation>
    </message>
    <message>
        <source>{units} units in the run, {done} finished by you before</source>
        <translation>本运行共 {units} 个单元，您此前已完成 {done} 个</translation>
    </message>
    <message>
        <source>ordering the rest of the queue…</source>
        <translation>正在排序队列的其余部分…</translation>
    </message>
    <message>
        <source>Unit {v0}{extra} · {size} · {v1} committed this session · annotator {annotator} · codebook v{v2}</source>
        <translation>单元 {v0}{extra} · {size} · 本次会话已提交 {v1} 个 · 标注者 {annotator} · 编码本 v{v2}</translation>
    </message>
    <message>
        <source>{name} has codes 1–{v0}.</source>
        <translation>{name} 的代码为 1–{v0}。</translation>
    </message>
    <message>
        <source>The project is open read-only.</source>
        <translation>项目以只读方式打开。</translation>
    </message>
    <message>
        <source> (blind)</source>
        <translation>（盲标）</translation>
    </message>
    <message>
        <source>Not saved: {v0}</source>
        <translation>未保存：{v0}</translation>
    </message>
    <message>
        <source>saving a label</source>
        <translation>正在保存标注</translation>
    </message>
    <message>
        <source>Press R to reveal the pre-label first; A then accepts it.</source>
        <translation>请先按 R 揭示预标注；然后按 A 接受。</translation>
    </message>
    <message>
        <source>No LLM pre-label for this unit.</source>
        <translation>此单元没有 LLM 预标注。</translation>
    </message>
    <message>
        <source>Accepted the pre-label by {who}; {name} still needs a code.</source>
        <translation>已接受 {who} 的预标注；{name} 仍需一个代码。</translation>
    </message>
    <message>
        <source>Accepted the pre-label by {who}.</source>
        <translation>已接受 {who} 的预标注。</translation>
    </message>
    <message>
        <source>Choose a code for {name} first (1–{v0}).</source>
        <translation>请先为 {name} 选择一个代码（1–{v0}）。</translation>
    </message>
    <message>
        <source>{name} is not labelled yet.</source>
        <translation>{name} 尚未标注。</translation>
    </message>
    <message>
        <source>Committed.</source>
        <translation>已提交。</translation>
    </message>
    <message>
        <source>Revealed: labels you make on this unit from now on are not blind (A accepts the pre-label).</source>
        <translation>已揭示：从现在起您对此单元的标注不再是盲标（按 A 接受预标注）。</translation>
    </message>
    <message>
        <source>Nothing to undo in this session.</source>
        <translation>本次会话中没有可撤销的内容。</translation>
    </message>
    <message>
        <source>Undoing…</source>
        <translation>正在撤销…</translation>
    </message>
    <message>
        <source>Undone (the label is superseded, not deleted).</source>
        <translation>已撤销（该标注被取代，而非删除）。</translation>
    </message>
    <message>
        <source>Not undone: {v0}</source>
        <translation>未撤销：{v0}</translation>
    </message>
    <message>
        <source>undoing a label</source>
        <translation>正在撤销标注</translation>
    </message>
</context>
<context>
    <name>LongText</name>
    <message>
        <source>Full text</source>
        <translation>全文</translation>
    </message>
    <message>
        <source>show the full text ({n} characters)</source>
        <translation>显示全文（{n} 个字符）</translation>
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
    <name>MergeReturnDialog</name>
    <message>
        <source>Counting the units two raters labelled</source>
        <translation>正在统计两位评分者都标注的单元</translation>
    </message>
    <message>
        <source>Merge returned labels</source>
        <translation>合并返回的标注</translation>
    </message>
    <message>
        <source>A return file holds one rater's labels on a package you sent, signed with their key. Merging checks the signature, that the package came from this project, its codebook and every unit, then adds the labels (merging the same file twice adds nothing).</source>
        <translation>返回文件包含一位评分者对您发出的评分包所做的标注，并由其密钥签名。合并时会检查签名、评分包是否来自本项目、其编码本以及每个单元，然后添加这些标注（同一文件合并两次不会重复添加）。</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Return file</source>
        <translation>返回文件</translation>
    </message>
    <message>
        <source>optional: the rater's key fingerprint (ed25519:…) or public-key file</source>
        <translation>可选：评分者的密钥指纹（ed25519:…）或公钥文件</translation>
    </message>
    <message>
        <source>With a key here, a file signed by any other key is refused</source>
        <translation>在此填写密钥后，由其他任何密钥签名的文件都会被拒绝</translation>
    </message>
    <message>
        <source>Trust only</source>
        <translation>仅信任</translation>
    </message>
    <message>
        <source>Passphrase</source>
        <translation>口令</translation>
    </message>
    <message>
        <source>Merge</source>
        <translation>合并</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>No file at {path}.</source>
        <translation>{path} 处没有文件。</translation>
    </message>
    <message>
        <source>The file is encrypted: type its passphrase, then Merge.</source>
        <translation>文件已加密：请输入其口令，然后点击“合并”。</translation>
    </message>
    <message>
        <source>Checking the signature…</source>
        <translation>正在检查签名…</translation>
    </message>
    <message>
        <source>Checking the return file</source>
        <translation>正在检查返回文件</translation>
    </message>
    <message>
        <source>Signature: {v0}</source>
        <translation>签名：{v0}</translation>
    </message>
    <message>
        <source>Choose the return file the rater sent you.</source>
        <translation>请选择评分者发给您的返回文件。</translation>
    </message>
    <message>
        <source>Merging…</source>
        <translation>正在合并…</translation>
    </message>
    <message>
        <source>Merging returned labels</source>
        <translation>正在合并返回的标注</translation>
    </message>
    <message>
        <source>Not merged: {v0}</source>
        <translation>未合并：{v0}</translation>
    </message>
</context>
<context>
    <name>ModelsView</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Quantization</source>
        <translation>量化</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>RAM fit</source>
        <translation>内存适配</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>embedded</source>
        <translation>内置</translation>
    </message>
    <message>
        <source>local</source>
        <translation>本地</translation>
    </message>
    <message>
        <source>path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>package</source>
        <translation>软件包</translation>
    </message>
    <message>
        <source>endpoint</source>
        <translation>端点</translation>
    </message>
    <message>
        <source>Labels map</source>
        <translation>标签映射</translation>
    </message>
    <message>
        <source>Binary</source>
        <translation>二分类</translation>
    </message>
    <message>
        <source>Rule and thresholds</source>
        <translation>规则与阈值</translation>
    </message>
    <message>
        <source>API keys are not stored here: they come from the OS keyring, else the FACTAUDIT_API_KEY or OPENAI_API_KEY environment variable.</source>
        <translation>API 密钥不保存在这里：它们来自操作系统的密钥环，否则来自 FACTAUDIT_API_KEY 或 OPENAI_API_KEY 环境变量。</translation>
    </message>
    <message>
        <source>remote</source>
        <translation>远程</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>unknown (needs {size})</source>
        <translation>未知（需 {size}）</translation>
    </message>
    <message>
        <source>fits ({needed} of {total})</source>
        <translation>可容纳（需 {needed}，共 {total}）</translation>
    </message>
    <message>
        <source>too large ({needed} of {total})</source>
        <translation>过大（需 {needed}，共 {total}）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Verifier LLMs&lt;/b&gt;</source>
        <translation>&lt;b&gt;核验用 LLM&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Add model…</source>
        <translation>添加模型…</translation>
    </message>
    <message>
        <source>A GGUF file or a classification folder: checked (opened, one pair run, RAM fit), then copied or linked into local_models/</source>
        <translation>一个 GGUF 文件或一个分类模型文件夹：先检查（打开、试跑一对、内存适配），再复制或链接到 local_models/</translation>
    </message>
    <message>
        <source>Copy a GGUF file…</source>
        <translation>复制 GGUF 文件…</translation>
    </message>
    <message>
        <source>Link a GGUF file…</source>
        <translation>链接 GGUF 文件…</translation>
    </message>
    <message>
        <source>Copy a classification folder…</source>
        <translation>复制分类模型文件夹…</translation>
    </message>
    <message>
        <source>Link a classification folder…</source>
        <translation>链接分类模型文件夹…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Delete the selected local GGUF file (the embedded model and endpoints stay)</source>
        <translation>删除所选的本地 GGUF 文件（内置模型和端点保留）</translation>
    </message>
    <message>
        <source>Add endpoint…</source>
        <translation>添加端点…</translation>
    </message>
    <message>
        <source>Show fit check details</source>
        <translation>显示适配检查详情</translation>
    </message>
    <message>
        <source>&lt;b&gt;Classifier verifiers&lt;/b&gt; (fast verdicts, each with the sentence that drove it)</source>
        <translation>&lt;b&gt;分类器核验器&lt;/b&gt;（快速判定，每个都附带决定它的句子）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Embedders&lt;/b&gt;</source>
        <translation>&lt;b&gt;嵌入模型&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;demo-grade:&lt;/b&gt; {name} is a 135M model, fine for trying the pipeline but not for real audits. Add a stronger GGUF (e.g. a 7–8B instruct model) to local_models/: &lt;code&gt;{folder}&lt;/code&gt;</source>
        <translation>&lt;b&gt;仅供演示：&lt;/b&gt;{name} 是一个 1.35 亿参数的模型，适合试用流程，但不适合真正的审计。请将更强的 GGUF（例如 7–8B 指令模型）加入 local_models/：&lt;code&gt;{folder}&lt;/code&gt;</translation>
    </message>
    <message>
        <source>  [demo-grade]</source>
        <translation>  [仅供演示]</translation>
    </message>
    <message>
        <source>endpoint ({url}, {model})</source>
        <translation>端点（{url}，{model}）</translation>
    </message>
    <message>
        <source>not usable: {note}</source>
        <translation>不可用：{note}</translation>
    </message>
    <message>
        <source>yes (never Refuted)</source>
        <translation>是（从不给出“驳斥”）</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Hashing model files</source>
        <translation>正在计算模型文件哈希</translation>
    </message>
    <message>
        <source>Add a GGUF model</source>
        <translation>添加 GGUF 模型</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf);;All files (*)</source>
        <translation>GGUF 模型 (*.gguf);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Add a classification folder (config.json, tokenizer, weights)</source>
        <translation>添加分类模型文件夹（config.json、分词器、权重）</translation>
    </message>
    <message>
        <source>Checking {path} (opening it and running one pair)…</source>
        <translation>正在检查 {path}（打开并试跑一对）…</translation>
    </message>
    <message>
        <source>Adding model</source>
        <translation>正在添加模型</translation>
    </message>
    <message>
        <source>Linked {name}{digest}: {message}</source>
        <translation>已链接 {name}{digest}：{message}</translation>
    </message>
    <message>
        <source>Added {name}{digest}: {message}</source>
        <translation>已添加 {name}{digest}：{message}</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Delete the file {path}?</source>
        <translation>删除文件 {path}？</translation>
    </message>
    <message>
        <source>Forget the endpoint {name}?</source>
        <translation>移除端点 {name}？</translation>
    </message>
    <message>
        <source>Remove model</source>
        <translation>移除模型</translation>
    </message>
    <message>
        <source>Removed {name}</source>
        <translation>已移除 {name}</translation>
    </message>
    <message>
        <source>Removing model</source>
        <translation>正在移除模型</translation>
    </message>
    <message>
        <source>Adding endpoint</source>
        <translation>正在添加端点</translation>
    </message>
    <message>
        <source>Fit check</source>
        <translation>适配检查</translation>
    </message>
    <message>
        <source>&lt;b&gt;demo-grade:&lt;/b&gt; the embedded classifier {name} is the default verifier but below the accuracy targets on SciFact dev (README). For real audits put an NLI classifier folder into local_models/.</source>
        <translation>&lt;b&gt;仅供演示：&lt;/b&gt;内置分类器 {name} 是默认核验器，但在 SciFact dev 上未达到准确率目标（见 README）。正式审核请将 NLI 分类器文件夹放入 local_models/。</translation>
    </message>
</context>
<context>
    <name>PageRead</name>
    <message>
        <source>Reading…</source>
        <translation>正在读取…</translation>
    </message>
</context>
<context>
    <name>PrelabelDialog</name>
    <message>
        <source>Evidence — each retrieved passage of a retrieval run</source>
        <translation>证据 — 检索运行中检索到的每个段落</translation>
    </message>
    <message>
        <source>Reasoning — each verdict of a verify run</source>
        <translation>推理 — 核验运行中的每个判定</translation>
    </message>
    <message>
        <source>CARE: the model sees the claim and the passage, and rates every dimension</source>
        <translation>CARE：模型看到主张和段落，并为每个维度评分</translation>
    </message>
    <message>
        <source>Direct: asked straight whether the passage is relevant</source>
        <translation>直接：直接询问段落是否相关</translation>
    </message>
    <message>
        <source>Indirect: the model answers first, then its answer is compared</source>
        <translation>间接：模型先作答，再将其答案进行比较</translation>
    </message>
    <message>
        <source>CARE</source>
        <translation>CARE</translation>
    </message>
    <message>
        <source>direct</source>
        <translation>直接</translation>
    </message>
    <message>
        <source>indirect</source>
        <translation>间接</translation>
    </message>
    <message>
        <source>Pre-label with a language model</source>
        <translation>用语言模型预标注</translation>
    </message>
    <message>
        <source>Suggested codes stay hidden in Labeling until you have labelled the unit yourself.</source>
        <translation>在您亲自标注该单元之前，建议的编码在“标注”页中保持隐藏。</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Show the model the gold label (when there is one)</source>
        <translation>向模型显示金标准标注（如有）</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Passages per claim</source>
        <translation>每条主张的段落数</translation>
    </message>
    <message>
        <source>all claims</source>
        <translation>全部主张</translation>
    </message>
    <message>
        <source>Limit (claims)</source>
        <translation>上限（主张数）</translation>
    </message>
    <message>
        <source>With a limit, the labeling queue's order pre-labels the units Labeling shows next (its disagreements first); claim id order takes the first claims</source>
        <translation>设置上限时，按标注队列的顺序预标注“标注”页接下来显示的单元（分歧优先）；按主张 ID 顺序则取前面的主张</translation>
    </message>
    <message>
        <source>Which claims first</source>
        <translation>优先处理哪些主张</translation>
    </message>
    <message>
        <source>Unfinished runs</source>
        <translation>未完成的运行</translation>
    </message>
    <message>
        <source>Pre-label</source>
        <translation>预标注</translation>
    </message>
    <message>
        <source>The labeling queue's next units (disagreements of {queue} first)</source>
        <translation>标注队列中接下来的单元（{queue} 的分歧优先）</translation>
    </message>
    <message>
        <source>Claim id order</source>
        <translation>按主张 ID 顺序</translation>
    </message>
    <message>
        <source>This target needs a finished retrieval run first.</source>
        <translation>该目标需要先有一个已完成的检索运行。</translation>
    </message>
    <message>
        <source>This target needs a finished verify run first.</source>
        <translation>该目标需要先有一个已完成的核验运行。</translation>
    </message>
    <message>
        <source>Estimating…</source>
        <translation>正在估算…</translation>
    </message>
    <message>
        <source>Estimating</source>
        <translation>正在估算</translation>
    </message>
    <message>
        <source>Not started.</source>
        <translation>未启动。</translation>
    </message>
    <message>
        <source>Loading the model…</source>
        <translation>正在加载模型…</translation>
    </message>
    <message>
        <source>Pre-labelling</source>
        <translation>正在预标注</translation>
    </message>
    <message>
        <source>Cancelled. The labels so far are kept; Resume finishes the run.</source>
        <translation>已取消。已有的标注会保留；“继续”可完成该运行。</translation>
    </message>
    <message>
        <source>{run_id}: {n_done} of {n_units} units pre-labelled ({n_parse_failures} replies did not parse) in {seconds} s.</source>
        <translation>{run_id}：用 {seconds} 秒预标注了 {n_units} 个单元中的 {n_done} 个（{n_parse_failures} 个回复无法解析）。</translation>
    </message>
    <message>
        <source> The labels so far are kept; Resume continues {run}.</source>
        <translation>已有的标注会保留；“继续”将接着运行 {run}。</translation>
    </message>
    <message>
        <source>Failed: {v0}.{hint}</source>
        <translation>失败：{v0}。{hint}</translation>
    </message>
</context>
<context>
    <name>ProjectWindow</name>
    <message>
        <source>Workflow</source>
        <translation>工作流程</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>数据</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>审阅</translation>
    </message>
    <message>
        <source>Labeling</source>
        <translation>标注</translation>
    </message>
    <message>
        <source>Reports</source>
        <translation>报告</translation>
    </message>
    <message>
        <source>items</source>
        <translation>个条目</translation>
    </message>
    <message>
        <source>sentences</source>
        <translation>个句子</translation>
    </message>
    <message>
        <source>claims</source>
        <translation>条主张</translation>
    </message>
    <message>
        <source>passages</source>
        <translation>个段落</translation>
    </message>
    <message>
        <source>documents</source>
        <translation>个文档</translation>
    </message>
    <message>
        <source>hits</source>
        <translation>条检索结果</translation>
    </message>
    <message>
        <source>verdicts</source>
        <translation>个判定</translation>
    </message>
    <message>
        <source>predictions</source>
        <translation>条预测</translation>
    </message>
    <message>
        <source>{name} (Ctrl+{n})</source>
        <translation>{name}（Ctrl+{n}）</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;New project…</source>
        <translation>新建项目(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Open project…</source>
        <translation>打开项目(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Import data…</source>
        <translation>导入数据(&amp;I)…</translation>
    </message>
    <message>
        <source>Send to a &amp;rater…</source>
        <translation>发送给评分者(&amp;R)…</translation>
    </message>
    <message>
        <source>A sealed, blind package of units for a second rater to label</source>
        <translation>一个封存的盲评单元包，供第二位评分者标注</translation>
    </message>
    <message>
        <source>&amp;Merge returned labels…</source>
        <translation>合并返回的标注(&amp;M)…</translation>
    </message>
    <message>
        <source>A rater's signed return file: check it and add the labels</source>
        <translation>评分者签名的返回文件：校验后加入其标注</translation>
    </message>
    <message>
        <source>&amp;Close project</source>
        <translation>关闭项目(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>Read the current page again from the project file</source>
        <translation>从项目文件重新读取当前页面</translation>
    </message>
    <message>
        <source>&amp;Connection log…</source>
        <translation>连接日志(&amp;C)…</translation>
    </message>
    <message>
        <source>Every outbound connection the app made, and the offline guard</source>
        <translation>应用发起的每一次对外连接，以及离线保护</translation>
    </message>
    <message>
        <source>&amp;Models…</source>
        <translation>模型(&amp;M)…</translation>
    </message>
    <message>
        <source>Verifier LLMs and embedders: RAM fit, add or remove models</source>
        <translation>核验用 LLM 与嵌入模型：内存是否够用，添加或移除模型</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Quick start</source>
        <translation>快速入门(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About factaudit</source>
        <translation>关于 factaudit(&amp;A)</translation>
    </message>
    <message>
        <source>The project file was changed outside this window; pages refreshed</source>
        <translation>项目文件已在此窗口之外被修改；页面已刷新</translation>
    </message>
    <message>
        <source>Checking the project file</source>
        <translation>正在检查项目文件</translation>
    </message>
    <message>
        <source>Cannot show {run_id} there: {v0}</source>
        <translation>无法在该处显示 {run_id}：{v0}</translation>
    </message>
    <message>
        <source>Saving the choice</source>
        <translation>正在保存选择</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>The project is open read-only.</source>
        <translation>项目以只读方式打开。</translation>
    </message>
    <message>
        <source>Imported dataset {name}: {counts}</source>
        <translation>已导入数据集 {name}：{counts}</translation>
    </message>
    <message>
        <source>Connection log</source>
        <translation>连接日志</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>About factaudit</source>
        <translation>关于 factaudit</translation>
    </message>
    <message>
        <source>&lt;b&gt;factaudit {version}&lt;/b&gt;&lt;p&gt;Audit retrieve-then-verify fact-checking pipelines, offline. The default verifier is an embedded classifier (fast, no reasoning); the embedded LLM Qwen2.5-Coder-1.5B writes reasoning, and SmolLM2-135M is a demo-grade one kept for quick tries. For real audits put an NLI classifier folder or a stronger GGUF model into &lt;code&gt;local_models/&lt;/code&gt;.&lt;/p&gt;</source>
        <translation>&lt;b&gt;factaudit {version}&lt;/b&gt;&lt;p&gt;离线审计“先检索后核验”的事实核查流程。默认核验器是内置分类器（快速，不给出推理）；内置 LLM Qwen2.5-Coder-1.5B 会写出推理，SmolLM2-135M 是仅供演示、便于快速试用的模型。正式审核请将 NLI 分类器文件夹或更强的 GGUF 模型放入 &lt;code&gt;local_models/&lt;/code&gt;。&lt;/p&gt;</translation>
    </message>
    <message>
        <source> [read-only]</source>
        <translation> [只读]</translation>
    </message>
    <message>
        <source>Preparing the labeling pages</source>
        <translation>正在准备标注页面</translation>
    </message>
    <message>
        <source>{passages} passages · {items} items · {claims} claims · {runs} runs</source>
        <translation>{passages} 个段落 · {items} 个条目 · {claims} 条主张 · {runs} 次运行</translation>
    </message>
    <message>
        <source>read-only</source>
        <translation>只读</translation>
    </message>
    <message>
        <source>labelling as {who}</source>
        <translation>标注者：{who}</translation>
    </message>
    <message>
        <source>labeller: asked at the first label</source>
        <translation>标注者：在第一次标注时询问</translation>
    </message>
    <message>
        <source>Waiting for the running job to stop…</source>
        <translation>正在等待运行中的任务停止…</translation>
    </message>
    <message>
        <source>Close project</source>
        <translation>关闭项目</translation>
    </message>
    <message>
        <source>The project did not close cleanly: {reason}</source>
        <translation>项目未能正常关闭：{reason}</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>Interface language, annotator name and folders</source>
        <translation>界面语言、标注者姓名和文件夹</translation>
    </message>
    <message>
        <source>Analyses</source>
        <translation>分析</translation>
    </message>
</context>
<context>
    <name>RaterLabelingView</name>
    <message>
        <source>The rater this package was made for</source>
        <translation>此评分包所针对的评分者</translation>
    </message>
    <message>
        <source>Previous unit</source>
        <translation>上一个单元</translation>
    </message>
    <message>
        <source>No labels.</source>
        <translation>没有标注。</translation>
    </message>
    <message>
        <source>A rater package holds no system verdict or pre-label to reveal.</source>
        <translation>评分包中不含可揭示的系统判定或预标注。</translation>
    </message>
    <message>
        <source>A rater package holds no pre-labels.</source>
        <translation>评分包中不含预标注。</translation>
    </message>
</context>
<context>
    <name>RaterWindow</name>
    <message>
        <source>evidence pairs (claim × passage, every evidence dimension)</source>
        <translation>证据对（主张 × 段落，全部证据维度）</translation>
    </message>
    <message>
        <source>the verifier's reasoning (every reasoning step)</source>
        <translation>核验器的推理（全部推理步骤）</translation>
    </message>
    <message>
        <source>answer sentences (correct or error)</source>
        <translation>回答中的句子（正确或有错误）</translation>
    </message>
    <message>
        <source>{name} — labels for {rater} — factaudit</source>
        <translation>{name} — {rater} 的标注 — factaudit</translation>
    </message>
    <message>
        <source>&lt;b&gt;Rater package&lt;/b&gt; from &lt;b&gt;{v0}&lt;/b&gt; for &lt;b&gt;{v1}&lt;/b&gt;: {v2} units of {v3}, codebook v{codebook_version}. Signed by &lt;code&gt;{v4}&lt;/code&gt;. When you are done, or to send what you have so far: &lt;b&gt;File › Return labels…&lt;/b&gt;</source>
        <translation>来自 &lt;b&gt;{v0}&lt;/b&gt;、发给 &lt;b&gt;{v1}&lt;/b&gt; 的&lt;b&gt;评分包&lt;/b&gt;：{v2} 个单元，内容为{v3}，编码本 v{codebook_version}。签名者 &lt;code&gt;{v4}&lt;/code&gt;。完成后，或想发送目前已完成的部分时：&lt;b&gt;文件 › 返回标注…&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Return labels…</source>
        <translation>返回标注(&amp;R)…</translation>
    </message>
    <message>
        <source>Write your labels into a file signed with your key, to send back</source>
        <translation>将您的标注写入由您的密钥签名的文件，以便发回</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;How to label</source>
        <translation>如何标注(&amp;H)</translation>
    </message>
    <message>
        <source>How to label</source>
        <translation>如何标注</translation>
    </message>
    <message>
        <source>{instructions}

{text}

Every label is saved as you make it; close the window whenever you like and open the package again to go on. File › Return labels… writes the file to send back.</source>
        <translation>{instructions}

{text}

每条标注在您做出时即已保存；您可以随时关闭窗口，再次打开评分包即可继续。文件 › 返回标注… 会写出要发回的文件。</translation>
    </message>
    <message>
        <source>&lt;b&gt;{done} of {total}&lt;/b&gt; units labelled — all done: File › Return labels…</source>
        <translation>已标注 &lt;b&gt;{total} 个中的 {done} 个&lt;/b&gt;单元 — 全部完成：文件 › 返回标注…</translation>
    </message>
    <message>
        <source>&lt;b&gt;{done} of {total}&lt;/b&gt; units labelled</source>
        <translation>已标注 &lt;b&gt;{total} 个中的 {done} 个&lt;/b&gt;单元</translation>
    </message>
    <message>
        <source>Return labels</source>
        <translation>返回标注</translation>
    </message>
    <message>
        <source>factaudit return files (*.faproj);;All files (*)</source>
        <translation>factaudit 返回文件 (*.faproj);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Writing the return file…</source>
        <translation>正在写入返回文件…</translation>
    </message>
    <message>
        <source>Writing the return file</source>
        <translation>正在写入返回文件</translation>
    </message>
    <message>
        <source>Wrote {file}: {n} labels by {rater} ({labelled} of {units} units done), signed with your key {key}. Send this file back to whoever sent you the package.</source>
        <translation>已写入 {file}：{rater} 的 {n} 条标注（已完成 {units} 个单元中的 {labelled} 个），已用您的密钥 {key} 签名。请将此文件发回给向您发送评分包的人。</translation>
    </message>
    <message>
        <source>Labels returned</source>
        <translation>标注已交回</translation>
    </message>
    <message>
        <source>Not returned: {v0}</source>
        <translation>未交回：{v0}</translation>
    </message>
</context>
<context>
    <name>ReasoningFromLLMBar</name>
    <message>
        <source>first </source>
        <translation>前 </translation>
    </message>
    <message>
        <source> units</source>
        <translation> 个单元</translation>
    </message>
    <message>
        <source>Verify them with the LLM ({LLM_MODEL})</source>
        <translation>用 LLM 核验它们（{LLM_MODEL}）</translation>
    </message>
    <message>
        <source>A verify run with reasoning on only these claims, with the same evidence (retrieval run and k) as the classifier run; slow: tens of seconds a claim</source>
        <translation>仅对这些主张进行带推理的核验运行，证据与分类器运行相同（检索运行和 k）；较慢：每条主张需数十秒</translation>
    </message>
    <message>
        <source>&lt;b&gt;{run}&lt;/b&gt; is a classifier run: classifier verdicts have no reasoning to label.</source>
        <translation>&lt;b&gt;{run}&lt;/b&gt; 是分类器运行：分类器判定没有可标注的推理。</translation>
    </message>
    <message>
        <source>Verifying the first {n} units of {run} with {LLM_MODEL}…</source>
        <translation>正在用 {LLM_MODEL} 核验 {run} 的前 {n} 个单元…</translation>
    </message>
    <message>
        <source>Verifying {n} claims with {LLM_MODEL}</source>
        <translation>正在用 {LLM_MODEL} 核验 {n} 条主张</translation>
    </message>
    <message>
        <source>{run_id}: {n_verdicts} verdicts with reasoning from {LLM_MODEL}.</source>
        <translation>{run_id}：来自 {LLM_MODEL} 的 {n_verdicts} 个带推理的判定。</translation>
    </message>
    <message>
        <source>Cancelled: the verdicts so far are kept (Verify › Resume finishes the run).</source>
        <translation>已取消：已有判定会保留（核验 › 继续 可完成该运行）。</translation>
    </message>
    <message>
        <source>The LLM run failed: {v0}</source>
        <translation>LLM 运行失败：{v0}</translation>
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
    <message>
        <source>No web browser could be started; open {path} in one.</source>
        <translation>无法启动网页浏览器；请在浏览器中打开 {path}。</translation>
    </message>
    <message>
        <source>No file manager could be started; the report is in {folder}.</source>
        <translation>无法启动文件管理器；报告位于 {folder}。</translation>
    </message>
    <message>
        <source>What the lenient score of choices runs takes off per wrong option chosen (0 to 1)</source>
        <translation>选择题运行的宽松得分对每个选错的选项扣除的分值（0 到 1）</translation>
    </message>
    <message>
        <source>Lenient penalty</source>
        <translation>宽松扣分</translation>
    </message>
</context>
<context>
    <name>ResultsFigures</name>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Value [95% CI]</source>
        <translation>值 [95% CI]</translation>
    </message>
    <message>
        <source>Mild</source>
        <translation>轻度</translation>
    </message>
    <message>
        <source>Moderate</source>
        <translation>中度</translation>
    </message>
    <message>
        <source>Severe</source>
        <translation>重度</translation>
    </message>
    <message>
        <source>{source}: {adj} from adjudication, {rated} from raters; {changed} differ from the expert's</source>
        <translation>{source}：{adj} 个来自裁定，{rated} 个来自评分者；{changed} 个与专家标签不同</translation>
    </message>
    <message>
        <source>Gold source</source>
        <translation>金标准来源</translation>
    </message>
    <message>
        <source>sentence level</source>
        <translation>句子级</translation>
    </message>
    <message>
        <source>claim level</source>
        <translation>主张级</translation>
    </message>
    <message>
        <source>Subset {subset}, {level} ({mapping})</source>
        <translation>子集 {subset}，{level}（{mapping}）</translation>
    </message>
    <message>
        <source>P {p}  R {r}  F1 {f1}</source>
        <translation>P {p}  R {r}  F1 {f1}</translation>
    </message>
    <message>
        <source>Severity-weighted recall ({mapping}; weights 1, 2, 3)</source>
        <translation>按严重程度加权的召回率（{mapping}；权重 1、2、3）</translation>
    </message>
    <message>
        <source>Recall of {grade} errors</source>
        <translation>{grade}错误的召回率</translation>
    </message>
    <message>
        <source>{v} ({k} of {n})</source>
        <translation>{v}（{n} 个中的 {k} 个）</translation>
    </message>
    <message>
        <source>Traces correct on all six reasoning steps</source>
        <translation>六个推理步骤全部正确的推理轨迹</translation>
    </message>
    <message>
        <source>First failing step</source>
        <translation>首个出错的步骤</translation>
    </message>
    <message>
        <source>Verdict × reasoning ({mapping})</source>
        <translation>判定 × 推理（{mapping}）</translation>
    </message>
    <message>
        <source>right/sound {a}, right/wrong {b}, wrong/sound {c}, wrong/wrong {d}</source>
        <translation>判定对/推理对 {a}，判定对/推理错 {b}，判定错/推理对 {c}，判定错/推理错 {d}</translation>
    </message>
    <message>
        <source>Answers correct against the reference</source>
        <translation>与参考答案相比正确的回答</translation>
    </message>
    <message>
        <source>Answers matching the reference exactly</source>
        <translation>与参考答案完全一致的回答</translation>
    </message>
    <message>
        <source>Factual precision, label-free (FActScore)</source>
        <translation>事实精确率，无需标签（FActScore）</translation>
    </message>
    <message>
        <source>VeriScore F1@K</source>
        <translation>VeriScore F1@K</translation>
    </message>
    <message>
        <source>Expert-labelled precision on the same claims</source>
        <translation>同一批主张上按专家标签的精确率</translation>
    </message>
    <message>
        <source>Choose a finished verify run.</source>
        <translation>请选择一个已完成的核验运行。</translation>
    </message>
</context>
<context>
    <name>ResultsStudies</name>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>Gold answer shown</source>
        <translation>提供标准答案</translation>
    </message>
    <message>
        <source>Accuracy [95% CI]</source>
        <translation>准确率 [95% CI]</translation>
    </message>
    <message>
        <source>Precision [95% CI]</source>
        <translation>精确率 [95% CI]</translation>
    </message>
    <message>
        <source>Recall [95% CI]</source>
        <translation>召回率 [95% CI]</translation>
    </message>
    <message>
        <source>F1 [95% CI]</source>
        <translation>F1 [95% CI]</translation>
    </message>
    <message>
        <source>Units</source>
        <translation>单元</translation>
    </message>
    <message>
        <source>Strict accuracy</source>
        <translation>严格准确率</translation>
    </message>
    <message>
        <source>Conflict-aware success</source>
        <translation>冲突感知成功率</translation>
    </message>
    <message>
        <source>Conflict F1</source>
        <translation>冲突 F1</translation>
    </message>
    <message>
        <source>Conflict awareness</source>
        <translation>冲突识别率</translation>
    </message>
    <message>
        <source>Unsupported answers</source>
        <translation>无依据的答案</translation>
    </message>
    <message>
        <source>Variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <source>Items</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>With conflict</source>
        <translation>有冲突</translation>
    </message>
    <message>
        <source>Breakdown</source>
        <translation>细分</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>组</translation>
    </message>
    <message>
        <source>evidence condition</source>
        <translation>证据条件</translation>
    </message>
    <message>
        <source>conflict type</source>
        <translation>冲突类型</translation>
    </message>
    <message>
        <source>question language</source>
        <translation>问题语言</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Could not read these figures: {v0}</source>
        <translation>无法读取这些数据：{v0}</translation>
    </message>
    <message>
        <source>Retrieval runs</source>
        <translation>检索运行</translation>
    </message>
    <message>
        <source>Judge runs</source>
        <translation>评判运行</translation>
    </message>
    <message>
        <source>Conflict runs</source>
        <translation>冲突运行</translation>
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
        <source>{n} parse failed</source>
        <translation>{n} 个解析失败</translation>
    </message>
    <message>
        <source>{n} no claims</source>
        <translation>{n} 个无主张</translation>
    </message>
    <message>
        <source>{n} missing verdict</source>
        <translation>{n} 个缺少判定</translation>
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
        <source>precision</source>
        <translation>精确率</translation>
    </message>
    <message>
        <source>recall</source>
        <translation>召回率</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>{mapping}, {level} level (95% intervals)</source>
        <translation>{mapping}，{level}层级（95% 区间）</translation>
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
        <source>NE</source>
        <translation>无证据</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>gold</source>
        <translation>金标准</translation>
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
    <message>
        <source>Balanced accuracy {v} (mean recall of Supported and Refuted).</source>
        <translation>平衡准确率 {v}（支持与反驳的平均召回率）。</translation>
    </message>
    <message>
        <source>Majority baseline (always {label}): accuracy {acc}, balanced accuracy {bal}.</source>
        <translation>多数类基线（总是{label}）：准确率 {acc}，平衡准确率 {bal}。</translation>
    </message>
    <message>
        <source>Note: accuracy is within the majority baseline's interval.</source>
        <translation>注意：准确率落在多数类基线的区间内。</translation>
    </message>
    <message>
        <source>Note: this run's verifier is marked demo-grade.</source>
        <translation>注意：本次运行的核验器标记为演示级。</translation>
    </message>
    <message>
        <source>Grounding control {control} of {real}: {same} of {n} verdicts stay the same without evidence; balanced accuracy {b1} with evidence, {b0} without.</source>
        <translation>{real} 的依据对照 {control}：{n} 个判定中有 {same} 个在没有证据时保持不变；平衡准确率有证据时 {b1}，无证据时 {b0}。</translation>
    </message>
    <message>
        <source>Study figures</source>
        <translation>研究指标</translation>
    </message>
    <message>
        <source>category {c}</source>
        <translation>类别 {c}</translation>
    </message>
    <message>
        <source>Gold:</source>
        <translation>金标准：</translation>
    </message>
    <message>
        <source>The sentence labels every figure is scored against: the expert's, the adjudicated ones (else the expert's), or one rater's</source>
        <translation>每个指标所依据的句子标签：专家的、裁定后的（否则为专家的），或某一位评分者的</translation>
    </message>
    <message>
        <source>expert</source>
        <translation>专家</translation>
    </message>
    <message>
        <source>adjudicated</source>
        <translation>裁定后</translation>
    </message>
    <message>
        <source>Subset:</source>
        <translation>子集：</translation>
    </message>
    <message>
        <source>A subset scored beside the full set, each with its n (Study figures tab)</source>
        <translation>与全集并列计算的子集，各自给出 n（见“研究指标”标签页）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>adjudicated sentences</source>
        <translation>已裁定的句子</translation>
    </message>
    <message>
        <source>unit list {name}</source>
        <translation>单元列表 {name}</translation>
    </message>
    <message>
        <source>Unit list…</source>
        <translation>单元列表…</translation>
    </message>
    <message>
        <source>Score a saved unit list beside the full set: a file of sentence or claim ids, one a line, or the JSON lines Certify's "Draw these units…" writes</source>
        <translation>在全集旁为已保存的单元列表评分：每行一个句子或主张 ID 的文件，或认证的“抽取这些单元…”写出的 JSON 行文件</translation>
    </message>
    <message>
        <source>Unit list to score as a subset</source>
        <translation>作为子集评分的单元列表</translation>
    </message>
    <message>
        <source>Unit lists (*.jsonl *.txt);;All files (*)</source>
        <translation>单元列表 (*.jsonl *.txt);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>RetrievalCompareSection</name>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>Compared</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Δ [95% CI]</source>
        <translation>Δ [95% CI]</translation>
    </message>
    <message>
        <source>p</source>
        <translation>p</translation>
    </message>
    <message>
        <source>Holm p</source>
        <translation>Holm p</translation>
    </message>
    <message>
        <source>Regressed</source>
        <translation>变差</translation>
    </message>
    <message>
        <source>Improved</source>
        <translation>变好</translation>
    </message>
    <message>
        <source>Claim</source>
        <translation>主张</translation>
    </message>
    <message>
        <source>Baseline:</source>
        <translation>基线：</translation>
    </message>
    <message>
        <source>Compared:</source>
        <translation>对比：</translation>
    </message>
    <message>
        <source>Cutoff k:</source>
        <translation>截断 k：</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>The rank cutoff of every figure; auto: the shallower run's k, so no run is scored past the end of its rankings</source>
        <translation>每项指标的排名截断；自动：取较浅运行的 k，这样不会有运行在其排名结束之后被评分</translation>
    </message>
    <message>
        <source>Choose two different runs that hold rankings (retrieve runs or imported TREC runs).</source>
        <translation>请选择两个包含排名的不同运行（检索运行或导入的排名运行）。</translation>
    </message>
    <message>
        <source>Two runs that hold rankings are needed: retrieve twice (Workflow › Retrieve), or import a TREC run (File › Import data).</source>
        <translation>需要两个包含排名的运行：检索两次（工作流 › 检索），或导入一个排名文件（文件 › 导入数据）。</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>正在比较…</translation>
    </message>
    <message>
        <source>Cannot compare: {v0}</source>
        <translation>无法比较：{v0}</translation>
    </message>
    <message>
        <source>category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>{n} claims with gold evidence ranked by both runs, at k = {k}; Δ = {b} − {a}. Intervals: paired bootstrap over claims, stratified by {strata} ({resamples} resamples); p: two-sided bootstrap, Holm-adjusted over the {m} tests.</source>
        <translation>两个运行都排过名的 {n} 条有标准证据的主张，k = {k}；Δ = {b} − {a}。区间：对主张的配对 bootstrap，按{strata}分层（{resamples} 次重抽样）；p：双侧 bootstrap，对 {m} 个检验做 Holm 校正。</translation>
    </message>
    <message>
        <source>{n} claims ranked by one run only are left out.</source>
        <translation>仅被一个运行排名的 {n} 条主张不计入。</translation>
    </message>
    <message>
        <source>No claim regresses in Recall@{k} or MRR@{k}.</source>
        <translation>没有主张在 Recall@{k} 或 MRR@{k} 上变差。</translation>
    </message>
    <message>
        <source>Claims that regress: {recall} in Recall@{k}, {mrr} in MRR@{k}.</source>
        <translation>变差的主张：Recall@{k} 上 {recall} 条，MRR@{k} 上 {mrr} 条。</translation>
    </message>
    <message>
        <source>Claims where {b} scores lower than {a}, worst first ({shown} listed of {total}):</source>
        <translation>{b} 得分低于 {a} 的主张，最差的在前（共 {total} 条，列出 {shown} 条）：</translation>
    </message>
    <message>
        <source>No claim scores lower in {b} than in {a} on any figure.</source>
        <translation>没有主张在任何指标上 {b} 得分低于 {a}。</translation>
    </message>
</context>
<context>
    <name>RetrieveDialog</name>
    <message>
        <source>All claims</source>
        <translation>全部主张</translation>
    </message>
    <message>
        <source>reused from the cache</source>
        <translation>从缓存复用</translation>
    </message>
    <message>
        <source>built and cached</source>
        <translation>已构建并缓存</translation>
    </message>
    <message>
        <source>built, not cached</source>
        <translation>已构建，未缓存</translation>
    </message>
    <message>
        <source>Retrieve evidence</source>
        <translation>检索证据</translation>
    </message>
    <message>
        <source>bm25, dense:&lt;model&gt; or rrf:&lt;r1&gt;,&lt;r2&gt;,… (reciprocal rank fusion)</source>
        <translation>bm25、dense:&lt;model&gt; 或 rrf:&lt;r1&gt;,&lt;r2&gt;,…（倒数排名融合）</translation>
    </message>
    <message>
        <source>Retriever</source>
        <translation>检索器</translation>
    </message>
    <message>
        <source>Passages per claim (k)</source>
        <translation>每条主张的段落数（k）</translation>
    </message>
    <message>
        <source>The embedder used by a plain 'dense' retriever</source>
        <translation>普通“dense”检索器使用的嵌入模型</translation>
    </message>
    <message>
        <source>Embedding model</source>
        <translation>嵌入模型</translation>
    </message>
    <message>
        <source>Claims</source>
        <translation>主张</translation>
    </message>
    <message>
        <source>Conservative merge of sub-queries (comparisons, enumerations)</source>
        <translation>子查询的保守合并（比较、列举）</translation>
    </message>
    <message>
        <source>RRF constant c in Σ 1/(c + rank)</source>
        <translation>Σ 1/(c + 排名) 中的 RRF 常数 c</translation>
    </message>
    <message>
        <source>RRF constant</source>
        <translation>RRF 常数</translation>
    </message>
    <message>
        <source>Retrieve</source>
        <translation>检索</translation>
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
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <source>Retrieving</source>
        <translation>正在检索</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>claims</source>
        <translation>条主张</translation>
    </message>
    <message>
        <source>{run_id}: {retriever}, top {k} for {n_queries} claims in {seconds} s (index {cache}).</source>
        <translation>{run_id}：{retriever}，用 {seconds} 秒为 {n_queries} 条主张检索前 {k} 个段落（索引：{cache}）。</translation>
    </message>
    <message>
        <source>Failed: {v0}</source>
        <translation>失败：{v0}</translation>
    </message>
    <message>
        <source>Cancelled. The run is kept and marked cancelled; its partial hits are never counted as a finished run.</source>
        <translation>已取消。该运行被保留并标记为已取消；其部分结果绝不会被当作已完成的运行计入。</translation>
    </message>
</context>
<context>
    <name>ReviewView</name>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>a top-k passage is high quality and verdict-bearing</source>
        <translation>前 k 个段落中有一个高质量且可支撑判定</translation>
    </message>
    <message>
        <source>no top-k passage is high quality and verdict-bearing</source>
        <translation>前 k 个段落中没有高质量且可支撑判定的</translation>
    </message>
    <message>
        <source>no claims to judge</source>
        <translation>没有需要评判的主张</translation>
    </message>
    <message>
        <source>label the retrieved passages to pre-fill (some are not rated on every quality dimension)</source>
        <translation>标注检索到的段落后才能预填（部分段落未在所有质量维度上评分）</translation>
    </message>
    <message>
        <source>no retrieved sentence bears on the claim by the classifier</source>
        <translation>按分类器判断，检索到的句子均与该主张无关</translation>
    </message>
    <message>
        <source>label the passage the verdict rests on first</source>
        <translation>请先标注判定所依据的段落</translation>
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
        <source>Review</source>
        <translation>审阅</translation>
    </message>
    <message>
        <source>Verify run:</source>
        <translation>核验运行：</translation>
    </message>
    <message>
        <source>Evidence from:</source>
        <translation>证据来自：</translation>
    </message>
    <message>
        <source>The retrieval run whose top-k passages are shown</source>
        <translation>显示其前 k 个段落的检索运行</translation>
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
        <source>No verify run yet: make or import one on the Runs page.</source>
        <translation>尚无核验运行：请在“运行”页面创建或导入一个。</translation>
    </message>
    <message>
        <source>Finding disagreements…</source>
        <translation>正在查找分歧…</translation>
    </message>
    <message>
        <source>Finding disagreements</source>
        <translation>正在查找分歧</translation>
    </message>
    <message>
        <source>{found} of {total} sentences disagree with the expert under {mapping}</source>
        <translation>在 {mapping} 映射下，{total} 个句子中有 {found} 个与专家不一致</translation>
    </message>
    <message>
        <source>{found} of {total} claims disagree with the expert under {mapping}</source>
        <translation>在 {mapping} 映射下，{total} 条主张中有 {found} 条与专家不一致</translation>
    </message>
    <message>
        <source>{n} triaged</source>
        <translation>已分诊 {n} 个</translation>
    </message>
    <message>
        <source>still reading…</source>
        <translation>仍在读取…</translation>
    </message>
    <message>
        <source>{n} left out (missing verdicts or parse failures)</source>
        <translation>{n} 个被排除（缺少判定或解析失败）</translation>
    </message>
    <message>
        <source>no retrieval run chosen: evidence shows the passages the verifier used</source>
        <translation>未选择检索运行：证据显示核验器使用的段落</translation>
    </message>
    <message>
        <source>this run has no verdicts on labelled sentences: choose the claim level</source>
        <translation>此运行在已标注句子上没有判定：请选择主张层级</translation>
    </message>
    <message>
        <source>  (pre-filled)</source>
        <translation>  （已预填）</translation>
    </message>
    <message>
        <source>Pre-filled: &lt;b&gt;{v0}&lt;/b&gt; — {v1}. Enter accepts it; 1, 2 or 3 decide otherwise.</source>
        <translation>已预填：&lt;b&gt;{v0}&lt;/b&gt; — {v1}。按 Enter 接受；按 1、2 或 3 另作决定。</translation>
    </message>
    <message>
        <source>No pre-fill: {v0}.</source>
        <translation>无预填：{v0}。</translation>
    </message>
    <message>
        <source>Decided: {v0} (by {triage_annotator})</source>
        <translation>已决定：{v0}（由 {triage_annotator}）</translation>
    </message>
    <message>
        <source>Not triaged yet.</source>
        <translation>尚未分诊。</translation>
    </message>
    <message>
        <source>Not saved: give your name first (it is stored with every triage decision).</source>
        <translation>未保存：请先输入您的姓名（它会随每个分诊决定一起保存）。</translation>
    </message>
    <message>
        <source>Not saved: {v0}</source>
        <translation>未保存：{v0}</translation>
    </message>
    <message>
        <source>saving a triage decision</source>
        <translation>正在保存分诊决定</translation>
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
    <message>
        <source>{name} already exists; choose another name.</source>
        <translation>{name} 已存在；请选择其他名称。</translation>
    </message>
    <message>
        <source>No file manager could be started; the sealed file is in {folder}.</source>
        <translation>无法启动文件管理器；封存文件位于 {folder}。</translation>
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
    <name>SendToRaterDialog</name>
    <message>
        <source>The package holds {n} units, none labelled here yet: agreement will need labels on the same units.</source>
        <translation>该包包含 {n} 个单元，此处尚未标注任何一个：一致性需要对相同单元的标注。</translation>
    </message>
    <message>
        <source>The package holds {n} units; {overlap} of them labelled here by {who}: agreement is computed on those.</source>
        <translation>该包包含 {n} 个单元，其中 {overlap} 个已由 {who} 在此标注：一致性基于这些单元计算。</translation>
    </message>
    <message>
        <source>the expert</source>
        <translation>专家</translation>
    </message>
    <message>
        <source>Counting the package's units</source>
        <translation>正在统计包中的单元</translation>
    </message>
    <message>
        <source>This package cannot be drawn: {v0}</source>
        <translation>无法抽取此包：{v0}</translation>
    </message>
    <message>
        <source>The {n} units labelled here</source>
        <translation>此处已标注的 {n} 个单元</translation>
    </message>
    <message>
        <source>no retrieval run with passages yet</source>
        <translation>尚无带段落的检索运行</translation>
    </message>
    <message>
        <source>no run with reasoning: verify with a language model first</source>
        <translation>没有含推理的运行：请先用语言模型验证</translation>
    </message>
    <message>
        <source>{run} (with reasoning)</source>
        <translation>{run}（含推理）</translation>
    </message>
    <message>
        <source>Reading the runs a package can come from</source>
        <translation>正在读取可用于生成包的运行</translation>
    </message>
    <message>
        <source>Cannot read the runs: {v0}</source>
        <translation>无法读取运行：{v0}</translation>
    </message>
    <message>
        <source>Reading the runs…</source>
        <translation>正在读取运行…</translation>
    </message>
    <message>
        <source>Or a sample</source>
        <translation>或抽样</translation>
    </message>
    <message>
        <source>more</source>
        <translation>个</translation>
    </message>
    <message>
        <source>More units drawn stratified with the seed below, for retest or more overlap</source>
        <translation>按下方种子分层抽取更多单元，用于重测或增加重叠</translation>
    </message>
    <message>
        <source>plus a sample of</source>
        <translation>另加抽样</translation>
    </message>
    <message>
        <source>Agreement needs units labelled twice: send the units you (the first rater) labelled</source>
        <translation>一致性需要被标注两次的单元：发送您（第一位评分者）标注过的单元</translation>
    </message>
    <message>
        <source>The units labelled here</source>
        <translation>此处已标注的单元</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>The run the units come from; a reasoning package only from a run whose verdicts carry a language model's reasoning</source>
        <translation>单元所来自的运行；推理包只能来自其判定带有语言模型推理的运行</translation>
    </message>
    <message>
        <source>Evidence pairs (claim × retrieved passage, 5 dimensions)</source>
        <translation>证据对（主张 × 检索到的段落，5 个维度）</translation>
    </message>
    <message>
        <source>The verifier's reasoning (6 steps)</source>
        <translation>核验器的推理（6 个步骤）</translation>
    </message>
    <message>
        <source>Answer sentences (correct or error)</source>
        <translation>回答中的句子（正确或有错误）</translation>
    </message>
    <message>
        <source>evidence pairs</source>
        <translation>个证据对</translation>
    </message>
    <message>
        <source>reasoning traces</source>
        <translation>条推理过程</translation>
    </message>
    <message>
        <source>sentences</source>
        <translation>个句子</translation>
    </message>
    <message>
        <source>Send to a rater</source>
        <translation>发送给评分者</translation>
    </message>
    <message>
        <source>A rater package is a sealed file, signed by you, holding only the texts a second rater needs: no verdicts, gold labels, pre-labels or other raters' labels. The rater opens it with factaudit, labels, and sends back a return file (File › Merge returned labels…).</source>
        <translation>评分包是一个由您签名的封存文件，只包含第二位评分者所需的文本：不含判定、金标准标注、预标注或其他评分者的标注。评分者用 factaudit 打开、完成标注，并发回一个返回文件（文件 › 合并返回的标注…）。</translation>
    </message>
    <message>
        <source>the second rater's name, e.g. Dr Chen</source>
        <translation>第二位评分者的姓名，例如 陈医生</translation>
    </message>
    <message>
        <source>Rater</source>
        <translation>评分者</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>标注</translation>
    </message>
    <message>
        <source>Claims for evidence pairs (each with its top passages), claims for reasoning, or sentences; drawn stratified by verdict and dataset</source>
        <translation>证据对按主张计（每条主张带其排名靠前的段落），推理按主张计，句子按句计；按判定和数据集分层抽取</translation>
    </message>
    <message>
        <source>All units</source>
        <translation>全部单元</translation>
    </message>
    <message>
        <source>Passages per claim:</source>
        <translation>每条主张的段落数：</translation>
    </message>
    <message>
        <source>Units</source>
        <translation>单元数</translation>
    </message>
    <message>
        <source>Exactly the units in {name} (drawn by Certify).</source>
        <translation>正是 {name} 中的单元（由“认证”抽取）。</translation>
    </message>
    <message>
        <source>The same seed draws the same units</source>
        <translation>相同的随机种子抽取相同的单元</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Encrypt with a passphrase (tell the rater the passphrase another way)</source>
        <translation>用口令加密（通过其他途径把口令告知评分者）</translation>
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
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Package file</source>
        <translation>评分包文件</translation>
    </message>
    <message>
        <source>Write package</source>
        <translation>生成评分包</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>factaudit projects (*.faproj)</source>
        <translation>factaudit 项目 (*.faproj)</translation>
    </message>
    <message>
        <source>Type the rater's name.</source>
        <translation>请输入评分者的姓名。</translation>
    </message>
    <message>
        <source>Choose where to write the package.</source>
        <translation>请选择评分包的保存位置。</translation>
    </message>
    <message>
        <source>{name} already exists; choose another name.</source>
        <translation>{name} 已存在；请换一个名称。</translation>
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
        <source>Writing the package…</source>
        <translation>正在生成评分包…</translation>
    </message>
    <message>
        <source>Writing the rater package</source>
        <translation>正在生成评分包</translation>
    </message>
    <message>
        <source>Wrote {name}: {n_units} {what} for {rater}, codebook v{codebook_version}, signed {sender}. Send it to {rater}: they open it in factaudit, label, and send back the file File › Return labels… writes.</source>
        <translation>已生成 {name}：供 {rater} 使用的 {n_units} {what}，编码本 v{codebook_version}，签名者 {sender}。请将其发送给 {rater}：对方在 factaudit 中打开、完成标注，并发回由 文件 › 返回标注… 生成的文件。</translation>
    </message>
    <message>
        <source>Not written: {v0}</source>
        <translation>未写入：{v0}</translation>
    </message>
</context>
<context>
    <name>SentenceRaterView</name>
    <message>
        <source>All {n} sentences seen</source>
        <translation>已看过全部 {n} 个句子</translation>
    </message>
    <message>
        <source>&lt;b&gt;All done.&lt;/b&gt; Return the labels with File › Return labels…</source>
        <translation>&lt;b&gt;全部完成。&lt;/b&gt;请通过 文件 › 返回标注… 交回标注</translation>
    </message>
    <message>
        <source>Sentence {v0} of {v1}</source>
        <translation>第 {v0} 句，共 {v1} 句</translation>
    </message>
    <message>
        <source>&lt;i&gt;(this sentence is not in the package)&lt;/i&gt;</source>
        <translation>&lt;i&gt;（此句子不在评分包中）&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Sentence {v0} ({sid}) labelled {label}.</source>
        <translation>第 {v0} 句（{sid}）已标注为“{label}”。</translation>
    </message>
    <message>
        <source>saving a label</source>
        <translation>正在保存标注</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Interface</source>
        <translation>界面</translation>
    </message>
    <message>
        <source>The system's ({language})</source>
        <translation>系统语言（{language}）</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Reopen the windows now</source>
        <translation>立即重新打开窗口</translation>
    </message>
    <message>
        <source>Annotator</source>
        <translation>标注者</translation>
    </message>
    <message>
        <source>Name offered in a new project</source>
        <translation>新项目中默认的姓名</translation>
    </message>
    <message>
        <source>asked at the first label</source>
        <translation>在第一次标注时询问</translation>
    </message>
    <message>
        <source>Name in {project}</source>
        <translation>在 {project} 中的姓名</translation>
    </message>
    <message>
        <source>Folders</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>Demo and data</source>
        <translation>演示与数据</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>New windows and dialogs use {language} now; the open windows change when they are reopened.</source>
        <translation>新打开的窗口和对话框现在使用 {language}；已打开的窗口在重新打开后切换。</translation>
    </message>
</context>
<context>
    <name>StartScreen</name>
    <message>
        <source>Runs offline on embedded models. Verify uses the embedded classifier ({classifier}: fast verdicts, no reasoning) unless you choose the embedded LLM (Qwen2.5-Coder-1.5B, which writes reasoning, about half a minute a claim on 2 cores; SmolLM2-135M is a faster demo-grade one). For real audits put an NLI classifier folder or a stronger GGUF model into &lt;b&gt;local_models/&lt;/b&gt; or use an OpenAI-compatible endpoint.</source>
        <translation>使用内置模型离线运行。核验默认使用内置分类器（{classifier}：判定快，不给出推理），除非您选择内置 LLM（Qwen2.5-Coder-1.5B，会写出推理，在 2 个 CPU 核心上每条主张约半分钟；SmolLM2-135M 更快，但仅供演示）。正式审核请将 NLI 分类器文件夹或更强的 GGUF 模型放入 &lt;b&gt;local_models/&lt;/b&gt;，或使用兼容 OpenAI 的端点。</translation>
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
        <source>(file not found)</source>
        <translation>（未找到文件）</translation>
    </message>
    <message>
        <source>  (not found)</source>
        <translation>  （未找到）</translation>
    </message>
    <message>
        <source>Remove from list</source>
        <translation>从列表中移除</translation>
    </message>
    <message>
        <source>Settings…</source>
        <translation>设置…</translation>
    </message>
    <message>
        <source>Interface language, annotator name and folders (Ctrl+,)</source>
        <translation>界面语言、标注者姓名和文件夹（Ctrl+,）</translation>
    </message>
</context>
<context>
    <name>StepRow</name>
    <message>
        <source>Send to a rater…</source>
        <translation>发送给评分者…</translation>
    </message>
    <message>
        <source>Open taxonomy</source>
        <translation>打开分类</translation>
    </message>
    <message>
        <source>Open agreement</source>
        <translation>打开一致性</translation>
    </message>
    <message>
        <source>Open conflicts</source>
        <translation>打开冲突</translation>
    </message>
    <message>
        <source>Open answers</source>
        <translation>打开答案</translation>
    </message>
    <message>
        <source>Back to the list</source>
        <translation>重新列入</translation>
    </message>
    <message>
        <source>Move on: Next skips this step; its count is kept and you can come back</source>
        <translation>继续：“下一步”跳过此步骤；其计数保留，您可以随时回来</translation>
    </message>
    <message>
        <source>Enough for now</source>
        <translation>暂且足够</translation>
    </message>
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
    <name>StressPanel</name>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Original [95% CI]</source>
        <translation>原始 [95% CI]</translation>
    </message>
    <message>
        <source>Naturalized [95% CI]</source>
        <translation>自然化 [95% CI]</translation>
    </message>
    <message>
        <source>Drop [95% CI]</source>
        <translation>下降 [95% CI]</translation>
    </message>
    <message>
        <source>Naturalized stress test</source>
        <translation>自然化压力测试</translation>
    </message>
    <message>
        <source>Answer the chosen run's items again with each templated answer in the documents rewritten into running text, and show how far its figures drop</source>
        <translation>在文档中每个模板化答案改写为连贯文字后，重新回答所选运行的条目，并显示其指标下降多少</translation>
    </message>
    <message>
        <source>Answering the rewritten items again…</source>
        <translation>正在重新回答改写后的条目…</translation>
    </message>
    <message>
        <source>No stress test: {v0}</source>
        <translation>无压力测试：{v0}</translation>
    </message>
    <message>
        <source>{run} ({variant}) on naturalized documents: {docs} of {n} documents rewritten ({mentions} answer mentions); {changed} of {items} items scored differently. Drop = original − naturalized, paired bootstrap 95%.</source>
        <translation>{run}（{variant}）在自然化文档上：{n} 个文档中改写了 {docs} 个（{mentions} 处答案提及）；{items} 个条目中有 {changed} 个得分不同。下降 = 原始 − 自然化，配对 bootstrap 95%。</translation>
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
    <message>
        <source>Label</source>
        <translation>标注</translation>
    </message>
    <message>
        <source>Codebook</source>
        <translation>编码本</translation>
    </message>
    <message>
        <source>Agreement</source>
        <translation>一致性</translation>
    </message>
    <message>
        <source>Taxonomy</source>
        <translation>分类体系</translation>
    </message>
    <message>
        <source>Induction</source>
        <translation>归纳</translation>
    </message>
    <message>
        <source>Experiments</source>
        <translation>实验</translation>
    </message>
    <message>
        <source>Prompts</source>
        <translation>提示词</translation>
    </message>
    <message>
        <source>Lexicon</source>
        <translation>词表</translation>
    </message>
    <message>
        <source>Gates</source>
        <translation>门槛</translation>
    </message>
    <message>
        <source>Prices</source>
        <translation>价格</translation>
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
    <message>
        <source>Could not read the items: {reason}</source>
        <translation>无法读取条目：{reason}</translation>
    </message>
    <message>
        <source>Could not read the sentences: {reason}</source>
        <translation>无法读取句子：{reason}</translation>
    </message>
    <message>
        <source>Could not read the claims: {reason}</source>
        <translation>无法读取主张：{reason}</translation>
    </message>
    <message>
        <source>Could not read the passages: {reason}</source>
        <translation>无法读取段落：{reason}</translation>
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
        <translation>编码本 v{codebook_version}；{who}当前的首轮标注（多位评分者标注同一单元时以最新的为准）。占比基于该运行的已标注单元。</translation>
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
        <source>— (no verdict)</source>
        <translation>—（无判定）</translation>
    </message>
    <message>
        <source> · trimmed</source>
        <translation> · 已截短</translation>
    </message>
    <message>
        <source> · ⚠ suspected instructions in evidence</source>
        <translation> · ⚠ 证据中疑似含有指令</translation>
    </message>
    <message>
        <source> · ⚠ reasoning says {verdict}</source>
        <translation> · ⚠ 推理结论为 {verdict}</translation>
    </message>
    <message>
        <source>{v0} verdicts, {failures} parse failures (shown, never counted as a verdict); verdicts whose evidence contains suspected instructions: {v1}; verdicts their own reasoning contradicts: {v2}</source>
        <translation>{v0} 个判定，{failures} 个解析失败（会显示，但从不计为判定）；证据中含疑似指令的判定：{v1}；与自身推理相矛盾的判定：{v2}</translation>
    </message>
    <message>
        <source>claim {id}</source>
        <translation>主张 {id}</translation>
    </message>
    <message>
        <source>No verdict recorded for this claim.</source>
        <translation>此主张没有记录判定。</translation>
    </message>
    <message>
        <source>parse failure — no verdict</source>
        <translation>解析失败 — 无判定</translation>
    </message>
    <message>
        <source>, evidence trimmed to fit the context</source>
        <translation>，证据已截短以适应上下文</translation>
    </message>
    <message>
        <source>{seconds} s · scores: {scores}</source>
        <translation>{seconds} 秒 · 分数：{scores}</translation>
    </message>
    <message>
        <source>&lt;b&gt;⚠ The reasoning contradicts the verdict:&lt;/b&gt; it concludes {said}, the verdict is {verdict}. Neither is corrected; review this claim.</source>
        <translation>&lt;b&gt;⚠ 推理与判定相矛盾：&lt;/b&gt;推理的结论是 {said}，而判定是 {verdict}。两者均未被更正；请审阅此主张。</translation>
    </message>
    <message>
        <source>{prompt} prompt + {completion} completion tokens, {seconds} s</source>
        <translation>{prompt} 个提示词元 + {completion} 个生成词元，{seconds} 秒</translation>
    </message>
    <message>
        <source>raw output:</source>
        <translation>原始输出：</translation>
    </message>
    <message>
        <source>[used]</source>
        <translation>[已使用]</translation>
    </message>
    <message>
        <source>stance: &lt;b&gt;{stance}&lt;/b&gt;</source>
        <translation>立场：&lt;b&gt;{stance}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>[drove the verdict: {what}]</source>
        <translation>[决定判定：{what}]</translation>
    </message>
    <message>
        <source>(rank {rank})</source>
        <translation>（第 {rank} 名）</translation>
    </message>
    <message>
        <source>No passages.</source>
        <translation>没有段落。</translation>
    </message>
    <message>
        <source>supports</source>
        <translation>支持</translation>
    </message>
    <message>
        <source>refutes</source>
        <translation>反驳</translation>
    </message>
    <message>
        <source>neutral</source>
        <translation>中立</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>repaired</source>
        <translation>已修复</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
</context>
<context>
    <name>VerifyDialog</name>
    <message>
        <source>Stance cascade (classifier picks the evidence, LLM decides)</source>
        <translation>立场级联（分类器挑选证据，LLM 判定）</translation>
    </message>
    <message>
        <source>The classifier picks the evidence windows that bear on the claim (No Evidence when none does); the LLM decides Supported or Refuted on those windows only, by log-probability against a threshold τ fitted on SciFact train. A few seconds a claim on 2 cores; no reasoning unless asked for.</source>
        <translation>分类器挑选与断言相关的证据窗口（都不相关时为“无证据”）；LLM 仅在这些窗口上按对数概率与在 SciFact 训练集上拟合的阈值 τ 比较，判定“支持”或“反驳”。在 2 个核心上每条断言几秒钟；除非要求，否则不写推理。</translation>
    </message>
    <message>
        <source>Whole passages</source>
        <translation>完整段落</translation>
    </message>
    <message>
        <source>Best 5 sentences of each passage</source>
        <translation>每个段落中最匹配的 5 句</translation>
    </message>
    <message>
        <source>Best 3 sentences of each passage (about 2× faster, less accurate)</source>
        <translation>每个段落中最匹配的 3 句（约快 2 倍，准确度较低）</translation>
    </message>
    <message>
        <source>Best 2 sentences of each passage</source>
        <translation>每个段落中最匹配的 2 句</translation>
    </message>
    <message>
        <source>Best sentences up to 600 tokens in all</source>
        <translation>最匹配的句子，总计不超过 600 个词元</translation>
    </message>
    <message>
        <source>Generate the verdict</source>
        <translation>生成判定</translation>
    </message>
    <message>
        <source>Log-probabilities of the four verdicts</source>
        <translation>四种判定的对数概率</translation>
    </message>
    <message>
        <source>Log-probabilities, contextually calibrated</source>
        <translation>对数概率，经上下文校准</translation>
    </message>
    <message>
        <source>Fast: a small model scores every (claim, passage sentence) pair, about a second a claim on one CPU thread (an LLM takes tens of seconds). Each verdict shows the sentence that drove it and its probability; there is no reasoning to label.</source>
        <translation>快速：一个小模型为每个（主张，段落句子）对打分，在单个 CPU 线程上每条主张约需一秒（LLM 需要数十秒）。每个判定都会显示起决定作用的句子及其概率；没有可供标注的推理。</translation>
    </message>
    <message>
        <source>Slow: a language model reads the passages and writes its reasoning, tens of seconds a claim on a laptop CPU. Use it for reasoning labels, or on the claims you want explained.</source>
        <translation>较慢：语言模型阅读段落并写出推理过程，在笔记本电脑 CPU 上每条主张需数十秒。适用于推理标注，或用于您希望获得解释的主张。</translation>
    </message>
    <message>
        <source> — may not fit in RAM</source>
        <translation> — 内存可能不足</translation>
    </message>
    <message>
        <source>binary</source>
        <translation>二分类</translation>
    </message>
    <message>
        <source>3-way NLI</source>
        <translation>三分类 NLI</translation>
    </message>
    <message>
        <source>Verify claims</source>
        <translation>核验主张</translation>
    </message>
    <message>
        <source>Retrieval run</source>
        <translation>检索运行</translation>
    </message>
    <message>
        <source>Verify against the gold passages instead (no retrieval run)</source>
        <translation>改为对照金标准段落核验（无需检索运行）</translation>
    </message>
    <message>
        <source>Fast classifier verdicts</source>
        <translation>快速分类器判定</translation>
    </message>
    <message>
        <source>Verdicts with reasoning (LLM, slow)</source>
        <translation>带推理的判定（LLM，较慢）</translation>
    </message>
    <message>
        <source>Classifier</source>
        <translation>分类器</translation>
    </message>
    <message>
        <source>LLM</source>
        <translation>LLM</translation>
    </message>
    <message>
        <source>Model pair</source>
        <translation>模型对</translation>
    </message>
    <message>
        <source>needs a classifier and an in-process LLM</source>
        <translation>需要一个分类器和一个进程内 LLM</translation>
    </message>
    <message>
        <source>{pair}; τ = {tau} fitted on SciFact train</source>
        <translation>{pair}；τ = {tau}，在 SciFact 训练集上拟合</translation>
    </message>
    <message>
        <source>{pair}; τ = 0: no threshold fitted for this pair</source>
        <translation>{pair}；τ = 0：此模型对没有拟合的阈值</translation>
    </message>
    <message>
        <source>optional: the model's own thresholds</source>
        <translation>可选：默认使用模型自带的阈值</translation>
    </message>
    <message>
        <source>A JSON file {examples}; it overrides the thresholds shipped with the model and is pinned in the run</source>
        <translation>一个 JSON 文件 {examples}；它覆盖模型自带的阈值，并固定记录在运行中</translation>
    </message>
    <message>
        <source>{a} or {b}</source>
        <translation>{a} 或 {b}</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Thresholds file</source>
        <translation>阈值文件</translation>
    </message>
    <message>
        <source>OpenAI-compatible endpoint…</source>
        <translation>兼容 OpenAI 的端点…</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>the server's model name</source>
        <translation>服务器上的模型名称</translation>
    </message>
    <message>
        <source>Endpoint URL</source>
        <translation>端点 URL</translation>
    </message>
    <message>
        <source>Endpoint model</source>
        <translation>端点模型</translation>
    </message>
    <message>
        <source>joint</source>
        <translation>联合</translation>
    </message>
    <message>
        <source>per-passage</source>
        <translation>逐段落</translation>
    </message>
    <message>
        <source>joint: all k passages in one prompt; per-passage: one stance per passage, then support only → Supported, refute only → Refuted, both → Ambiguous</source>
        <translation>联合：所有 k 个段落放在同一个提示中；逐段落：每个段落给出一个立场，然后只有支持 → 支持，只有反驳 → 反驳，两者都有 → 不明确</translation>
    </message>
    <message>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>What of each passage the verifier reads: the sentences that best match the claim (BM25 within the passage, in passage order) halve the prompt</source>
        <translation>核验器读取每个段落的哪些内容：只读取与主张最匹配的句子（在段落内用 BM25 选取，按段落顺序）可使提示长度减半</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Log-probability scoring rates the four verdicts in one pass (in-process GGUF models, joint mode); contextual calibration corrects the model's bias toward one verdict with content-free inputs</source>
        <translation>对数概率评分一次性为四种判定打分（进程内 GGUF 模型，联合模式）；上下文校准利用无内容输入纠正模型对某一判定的偏向</translation>
    </message>
    <message>
        <source>Verdict scoring</source>
        <translation>判定评分方式</translation>
    </message>
    <message>
        <source>Reuse the cached prompt prefix (faster; may change greedy output slightly)</source>
        <translation>复用缓存的提示前缀（更快；可能略微改变贪心解码的输出）</translation>
    </message>
    <message>
        <source>Passages per claim (k)</source>
        <translation>每条主张的段落数（k）</translation>
    </message>
    <message>
        <source>all claims</source>
        <translation>全部主张</translation>
    </message>
    <message>
        <source>Limit</source>
        <translation>上限</translation>
    </message>
    <message>
        <source>Grounding control: the same verifier with the passages removed</source>
        <translation>依据对照：同一核验器，移除段落</translation>
    </message>
    <message>
        <source>Results then shows how many verdicts stay the same without evidence (verdicts resting on the model's own knowledge) beside the real run</source>
        <translation>“结果”页随后在真实运行旁显示有多少判定在没有证据时保持不变（依赖模型自身知识的判定）</translation>
    </message>
    <message>
        <source>Unfinished runs</source>
        <translation>未完成的运行</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>核验</translation>
    </message>
    <message>
        <source>Fast classifier verdicts (no classifier model found)</source>
        <translation>快速分类器判定（未找到分类器模型）</translation>
    </message>
    <message>
        <source>JSON (*.json);;All files (*)</source>
        <translation>JSON (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source> The embedded SmolLM2-135M is demo-grade: fine to try the pipeline and to get reasoning to label, not for real audits.</source>
        <translation>内置的 SmolLM2-135M 仅供演示：适合试用流程和获取可标注的推理，不适合真正的审核。</translation>
    </message>
    <message>
        <source> The embedded Qwen2.5-Coder-1.5B is the default LLM and writes the reasoning; it is slower, about half a minute a claim with reasoning on 2 cores. The classifier stays the fast default.</source>
        <translation>内置的 Qwen2.5-Coder-1.5B 是默认 LLM，负责写出推理；它较慢，在 2 个 CPU 核心上带推理每条主张约需半分钟。分类器仍是快速的默认选项。</translation>
    </message>
    <message>
        <source>Claims and passages are sent to this server. The key comes from the OS keyring or FACTAUDIT_API_KEY and is never stored in the project.</source>
        <translation>主张和段落会发送到此服务器。密钥来自操作系统密钥环或 FACTAUDIT_API_KEY，绝不会保存在项目中。</translation>
    </message>
    <message>
        <source>Estimating…</source>
        <translation>正在估算…</translation>
    </message>
    <message>
        <source>Estimating</source>
        <translation>正在估算</translation>
    </message>
    <message>
        <source>Not started.</source>
        <translation>未启动。</translation>
    </message>
    <message>
        <source>{n}; classifier claims are fast (about a second each on one thread): no need to slice the run.</source>
        <translation>{n}；分类器处理主张很快（单线程每条约一秒）：无需把运行分段。</translation>
    </message>
    <message>
        <source>Loading the model…</source>
        <translation>正在加载模型…</translation>
    </message>
    <message>
        <source>Verifying</source>
        <translation>正在核验</translation>
    </message>
    <message>
        <source>No finished retrieval run yet: retrieve evidence first.</source>
        <translation>尚无已完成的检索运行：请先检索证据。</translation>
    </message>
    <message>
        <source>no verdicts</source>
        <translation>没有判定</translation>
    </message>
    <message>
        <source>{run_id}: {n_verdicts}/{n_claims} claims in {seconds} s — {counts}; {n_parse_failures} parse failures.</source>
        <translation>{run_id}：用 {seconds} 秒完成 {n_verdicts}/{n_claims} 条主张 — {counts}；{n_parse_failures} 个解析失败。</translation>
    </message>
    <message>
        <source> The verdicts so far are kept; Resume continues {run}.</source>
        <translation>已有的判定会保留；“继续”将接着运行 {run}。</translation>
    </message>
    <message>
        <source>Failed: {v0}.{hint}</source>
        <translation>失败：{v0}。{hint}</translation>
    </message>
    <message>
        <source>Cancelled. The verdicts so far are kept; Resume finishes the run.</source>
        <translation>已取消。已有的判定会保留；“继续”可完成该运行。</translation>
    </message>
    <message>
        <source>{id} ({status}, {n} verdicts)</source>
        <translation>{id}（{status}，{n} 个判定）</translation>
    </message>
    <message>
        <source>shipped template</source>
        <translation>内置模板</translation>
    </message>
    <message>
        <source>A prompt template saved in the project (Analyses › Prompts), pinned with its text</source>
        <translation>项目中保存的提示词模板（分析 › 提示词），连同其文本一起固定</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>提示词</translation>
    </message>
</context>
<context>
    <name>WorkflowView</name>
    <message>
        <source>Other paths in this project</source>
        <translation>本项目中的其他路径</translation>
    </message>
    <message>
        <source>Marking a step enough for now</source>
        <translation>正在将步骤标记为暂且足够</translation>
    </message>
    <message>
        <source>&lt;b&gt;Every step is done, skipped or enough for now.&lt;/b&gt; Seal again after further changes.</source>
        <translation>&lt;b&gt;每个步骤都已完成、跳过或暂且足够。&lt;/b&gt;之后如有更改，请重新封存。</translation>
    </message>
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
        <source>&lt;b&gt;Next: {title}.&lt;/b&gt; {purpose}</source>
        <translation>&lt;b&gt;下一步：{title}。&lt;/b&gt;{purpose}</translation>
    </message>
    <message>
        <source>Use pre-labels</source>
        <translation>使用预标注</translation>
    </message>
</context>
<context>
    <name>attribution</name>
    <message>
        <source>No passage had text to score.</source>
        <translation>没有可评分文本的段落。</translation>
    </message>
    <message>
        <source>a window</source>
        <translation>一个窗口</translation>
    </message>
    <message>
        <source>sentence {n}</source>
        <translation>第 {n} 句</translation>
    </message>
    <message>
        <source>sentences {first}-{last}</source>
        <translation>第 {first}–{last} 句</translation>
    </message>
    <message>
        <source>P({label}) = {prob}, passage {passage}, {where}</source>
        <translation>P({label}) = {prob}，段落 {passage}，{where}</translation>
    </message>
    <message>
        <source>({n} more characters, highlighted below)</source>
        <translation>（还有 {n} 个字符，见下方高亮）</translation>
    </message>
    <message>
        <source>What drove the verdict:</source>
        <translation>决定判定的依据：</translation>
    </message>
    <message>
        <source>A classifier verdict has no reasoning: the highlighted sentence is the evidence window with the highest probability for it.</source>
        <translation>分类器判定没有推理：高亮的句子是对该判定概率最高的证据窗口。</translation>
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
        <source>run {runs}</source>
        <translation>运行 {runs}</translation>
    </message>
    <message>
        <source>runs {runs}</source>
        <translation>运行 {runs}</translation>
    </message>
    <message>
        <source>1 annotation</source>
        <translation>1 条标注</translation>
    </message>
    <message>
        <source>{n} annotations</source>
        <translation>{n} 条标注</translation>
    </message>
    <message>
        <source> and </source>
        <translation>和</translation>
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
    <name>import_plan</name>
    <message>
        <source>Gold labels</source>
        <translation>金标准标注</translation>
    </message>
    <message>
        <source>Sentence labels</source>
        <translation>句子标注</translation>
    </message>
    <message>
        <source>Verdicts</source>
        <translation>判定数</translation>
    </message>
    <message>
        <source>documents</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>passages</source>
        <translation>个段落</translation>
    </message>
    <message>
        <source>items</source>
        <translation>个条目</translation>
    </message>
    <message>
        <source>sentences</source>
        <translation>个句子</translation>
    </message>
    <message>
        <source>claims</source>
        <translation>条主张</translation>
    </message>
    <message>
        <source>hits</source>
        <translation>检索结果</translation>
    </message>
    <message>
        <source>verdicts</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>predictions</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>无内容</translation>
    </message>
    <message>
        <source>&lt;b&gt;Ready:&lt;/b&gt; would import {counts}.</source>
        <translation>&lt;b&gt;就绪：&lt;/b&gt;将导入 {counts}。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Would fail&lt;/b&gt; with 1 problem (listed below): nothing would be imported. Fix the file or the settings, or import the valid records only.</source>
        <translation>&lt;b&gt;将会失败&lt;/b&gt;，存在 1 个问题（见下方）：不会导入任何内容。请修正文件或设置，或只导入有效记录。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Would fail&lt;/b&gt; with {n} problems (listed below): nothing would be imported. Fix the file or the settings, or import the valid records only.</source>
        <translation>&lt;b&gt;将会失败&lt;/b&gt;，存在 {n} 个问题（见下方）：不会导入任何内容。请修正文件或设置，或只导入有效记录。</translation>
    </message>
    <message>
        <source>Not read (would be dropped): {columns}. Map them above if they hold one of our fields.</source>
        <translation>未读取（将被丢弃）：{columns}。如果其中包含本系统的字段，请在上方进行映射。</translation>
    </message>
    <message>
        <source>Values of {column} no label mapping covers: {values}</source>
        <translation>{column} 中没有被任何标签映射覆盖的取值：{values}</translation>
    </message>
    <message>
        <source>1 invalid record would be left out and listed in a side file.</source>
        <translation>1 条无效记录将被跳过并列入旁附文件。</translation>
    </message>
    <message>
        <source>{n} invalid records would be left out and listed in a side file.</source>
        <translation>{n} 条无效记录将被跳过并列入旁附文件。</translation>
    </message>
    <message>
        <source>{n} gold passage ids are not in the project's corpus.</source>
        <translation>有 {n} 个金标准段落 ID 不在项目的语料库中。</translation>
    </message>
</context>
<context>
    <name>long_run</name>
    <message>
        <source>{n} claim</source>
        <translation>{n} 条主张</translation>
    </message>
    <message>
        <source>{n} claims</source>
        <translation>{n} 条主张</translation>
    </message>
    <message>
        <source>measured on {n} earlier claims</source>
        <translation>基于此前 {n} 条主张的实测</translation>
    </message>
    <message>
        <source>{n} passage</source>
        <translation>{n} 个段落</translation>
    </message>
    <message>
        <source>{n} passages</source>
        <translation>{n} 个段落</translation>
    </message>
    <message>
        <source>measured on {n} earlier passages</source>
        <translation>基于此前 {n} 个段落的实测</translation>
    </message>
    <message>
        <source>{n} verdict</source>
        <translation>{n} 个判定</translation>
    </message>
    <message>
        <source>{n} verdicts</source>
        <translation>{n} 个判定</translation>
    </message>
    <message>
        <source>measured on {n} earlier verdicts</source>
        <translation>基于此前 {n} 个判定的实测</translation>
    </message>
    <message>
        <source>{n} s</source>
        <translation>{n} 秒</translation>
    </message>
    <message>
        <source>{n} min</source>
        <translation>{n} 分钟</translation>
    </message>
    <message>
        <source>{h} h {m} min</source>
        <translation>{h} 小时 {m} 分钟</translation>
    </message>
    <message>
        <source>{n}; no speed measured for this model on this computer yet (this run measures it).</source>
        <translation>{n}；尚未在本机上测得此模型的速度（本次运行将进行测量）。</translation>
    </message>
    <message>
        <source>{n} ≈ {duration} on this computer ({measured}).</source>
        <translation>{n} ≈ 在本机上需 {duration}（{measured}）。</translation>
    </message>
    <message>
        <source>Start with {n}?</source>
        <translation>先运行 {n} 个？</translation>
    </message>
    <message>
        <source>A long run</source>
        <translation>耗时较长的运行</translation>
    </message>
    <message>
        <source>Start with {n}</source>
        <translation>先运行 {n} 个</translation>
    </message>
    <message>
        <source>Run all {n_units}</source>
        <translation>全部运行 {n_units} 个</translation>
    </message>
</context>
<context>
    <name>ops</name>
    <message>
        <source>the {name} setting</source>
        <translation>“{name}”设置</translation>
    </message>
    <message>
        <source>Unexpected error ({type}): {message}</source>
        <translation>意外错误（{type}）：{message}</translation>
    </message>
    <message>
        <source>evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>prompt cache</source>
        <translation>提示缓存</translation>
    </message>
    <message>
        <source>temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>Open Models</source>
        <translation>打开模型</translation>
    </message>
    <message>
        <source>Choose a run</source>
        <translation>选择运行</translation>
    </message>
    <message>
        <source>all units</source>
        <translation>全部单元</translation>
    </message>
    <message>
        <source>calibration</source>
        <translation>校准</translation>
    </message>
    <message>
        <source>confirm on</source>
        <translation>确认条件</translation>
    </message>
    <message>
        <source>dataset name</source>
        <translation>数据集名称</translation>
    </message>
    <message>
        <source>dimensions</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>endpoint</source>
        <translation>端点</translation>
    </message>
    <message>
        <source>format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>fraction</source>
        <translation>比例</translation>
    </message>
    <message>
        <source>id prefix</source>
        <translation>ID 前缀</translation>
    </message>
    <message>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <source>kind of records</source>
        <translation>记录类型</translation>
    </message>
    <message>
        <source>level</source>
        <translation>层级</translation>
    </message>
    <message>
        <source>limit</source>
        <translation>上限</translation>
    </message>
    <message>
        <source>value map</source>
        <translation>取值映射</translation>
    </message>
    <message>
        <source>mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>context length</source>
        <translation>上下文长度</translation>
    </message>
    <message>
        <source>words per passage</source>
        <translation>每段落词数</translation>
    </message>
    <message>
        <source>rater</source>
        <translation>评分者</translation>
    </message>
    <message>
        <source>prompt</source>
        <translation>提示词</translation>
    </message>
    <message>
        <source>file for rejected records</source>
        <translation>被拒记录文件</translation>
    </message>
    <message>
        <source>retrieval run</source>
        <translation>检索运行</translation>
    </message>
    <message>
        <source>retrievers</source>
        <translation>检索器</translation>
    </message>
    <message>
        <source>run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>scoring</source>
        <translation>评分方式</translation>
    </message>
    <message>
        <source>split</source>
        <translation>划分</translation>
    </message>
    <message>
        <source>strata</source>
        <translation>分层</translation>
    </message>
    <message>
        <source>target</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>target half-width</source>
        <translation>目标半宽</translation>
    </message>
    <message>
        <source>trusted keys</source>
        <translation>受信任的密钥</translation>
    </message>
    <message>
        <source>number of units</source>
        <translation>单元数</translation>
    </message>
    <message>
        <source>units from</source>
        <translation>单元来源</translation>
    </message>
    <message>
        <source>“Resume”</source>
        <translation>“继续”按钮</translation>
    </message>
    <message>
        <source>lenient penalty</source>
        <translation>宽松扣分</translation>
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
    <name>query_op</name>
    <message>
        <source>Could not read this: {v0}</source>
        <translation>无法读取：{v0}</translation>
    </message>
</context>
<context>
    <name>rater_adjudication</name>
    <message>
        <source>{v0} of {claim_id}: {v1} (by {adjudicator}). {done} of {v2} adjudicated.</source>
        <translation>{claim_id} 的{v0}：{v1}（由 {adjudicator} 裁定）。已裁定 {v2} 处中的 {done} 处。</translation>
    </message>
</context>
<context>
    <name>rater_labeling</name>
    <message>
        <source>Keys: 1–9 choose · Enter/Tab next · Shift+Tab back · Backspace undo</source>
        <translation>按键：1–9 选择 · Enter/Tab 下一个 · Shift+Tab 返回 · Backspace 撤销</translation>
    </message>
    <message>
        <source>Keys: 1 correct · 2 error · → next · ← or Backspace back</source>
        <translation>按键：1 正确 · 2 错误 · → 下一个 · ← 或 Backspace 返回</translation>
    </message>
    <message>
        <source>Correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>Contains an error</source>
        <translation>含有错误</translation>
    </message>
    <message>
        <source>Not saved: {v0}</source>
        <translation>未保存：{v0}</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Question:&lt;/b&gt; {question}&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;问题：&lt;/b&gt;{question}&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Answer&lt;/b&gt; (the sentence to label is marked):&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;回答&lt;/b&gt;（待标注的句子已标出）：&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>rater_merge</name>
    <message>
        <source>Disagreements to adjudicate: {n}.</source>
        <translation>待裁定的分歧：{n}。</translation>
    </message>
    <message>
        <source>{n} units overlap ({parts}); κ per dimension ready.</source>
        <translation>{n} 个单元重叠（{parts}）；各维度的 κ 已就绪。</translation>
    </message>
    <message>
        <source>0 units overlap: {people} labelled different units, so κ cannot be computed; send the units labelled here (File › Send to a rater…).</source>
        <translation>0 个单元重叠：{people} 标注了不同的单元，因此无法计算 κ；请发送此处已标注的单元（文件 › 发送给评分者…）。</translation>
    </message>
    <message>
        <source>No second rater's labels yet: nothing to compare.</source>
        <translation>尚无第二位评分者的标签：无从比较。</translation>
    </message>
    <message>
        <source>sentences</source>
        <translation>句子</translation>
    </message>
    <message>
        <source>reasoning</source>
        <translation>推理</translation>
    </message>
    <message>
        <source>evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>factaudit return files (*.faproj);;All files (*)</source>
        <translation>factaudit 返回文件 (*.faproj);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Signature: the file is damaged or truncated; it cannot be merged.</source>
        <translation>签名：文件已损坏或被截断；无法合并。</translation>
    </message>
    <message>
        <source>changed since it was signed</source>
        <translation>签名后已被更改</translation>
    </message>
    <message>
        <source>Signature: NOT valid ({why}); it cannot be merged.</source>
        <translation>签名：无效（{why}）；无法合并。</translation>
    </message>
    <message>
        <source>a key you trust</source>
        <translation>您信任的密钥</translation>
    </message>
    <message>
        <source>a key not in your trusted keys (check the fingerprint with the rater)</source>
        <translation>不在您信任列表中的密钥（请与评分者核对指纹）</translation>
    </message>
    <message>
        <source>Signature: valid, signed by {signer}, {trust}.</source>
        <translation>签名：有效，由 {signer} 签名，{trust}。</translation>
    </message>
    <message>
        <source> ({n} were already here)</source>
        <translation>（其中 {n} 条已存在）</translation>
    </message>
    <message>
        <source>trusted</source>
        <translation>受信任</translation>
    </message>
    <message>
        <source>not in your trusted keys</source>
        <translation>不在您信任的密钥中</translation>
    </message>
    <message>
        <source>Nothing new: every label by {rater} in {file} is already in this project{again}.</source>
        <translation>没有新内容：{file} 中 {rater} 的所有标注都已在本项目中{again}。</translation>
    </message>
    <message>
        <source>Merged {n} labels by {rater} from {file}{again}; signed {key} ({trust}).</source>
        <translation>已从 {file} 合并 {rater} 的 {n} 条标注{again}；签名密钥 {key}（{trust}）。</translation>
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
    <message>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
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
        <source>item {id}</source>
        <translation>条目 {id}</translation>
    </message>
    <message>
        <source>expert: &lt;b&gt;{expert}&lt;/b&gt; · system: &lt;b&gt;{system}&lt;/b&gt; (under {mapping})</source>
        <translation>专家：&lt;b&gt;{expert}&lt;/b&gt; · 系统：&lt;b&gt;{system}&lt;/b&gt;（{mapping} 映射下）</translation>
    </message>
    <message>
        <source>Expert's reason: {reason}</source>
        <translation>专家理由：{reason}</translation>
    </message>
    <message>
        <source>(flagged as an error)</source>
        <translation>（被标记为错误）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Claim {id}:&lt;/b&gt; {text}</source>
        <translation>&lt;b&gt;主张 {id}：&lt;/b&gt;{text}</translation>
    </message>
    <message>
        <source>Verdict: &lt;b&gt;{verdict}&lt;/b&gt;</source>
        <translation>判定：&lt;b&gt;{verdict}&lt;/b&gt;</translation>
    </message>
    <message>
        <source>gold: {label}</source>
        <translation>金标准：{label}</translation>
    </message>
    <message>
        <source>evidence: {evidence}</source>
        <translation>证据：{evidence}</translation>
    </message>
    <message>
        <source>&lt;b&gt;⚠ The reasoning contradicts the verdict:&lt;/b&gt; it concludes {said}, the verdict is {verdict}.</source>
        <translation>&lt;b&gt;⚠ 推理与判定相矛盾：&lt;/b&gt;推理的结论是 {said}，而判定是 {verdict}。</translation>
    </message>
    <message>
        <source>Reasoning:</source>
        <translation>推理：</translation>
    </message>
    <message>
        <source> (none recorded)</source>
        <translation>（未记录）</translation>
    </message>
    <message>
        <source>No passages.</source>
        <translation>没有段落。</translation>
    </message>
    <message>
        <source>The verifier received the top {k} passages (marked ▶); ✔ marks the passage whose sentence drove the verdict.</source>
        <translation>核验器收到了前 {k} 个段落（标记为 ▶）；✔ 标记其句子决定判定的段落。</translation>
    </message>
    <message>
        <source>The verifier received the top {k} passages (marked ▶); ✔ marks those it says it used.</source>
        <translation>核验器收到了前 {k} 个段落（标记为 ▶）；✔ 标记它声称使用的段落。</translation>
    </message>
    <message>
        <source>(passage not in the project)</source>
        <translation>（段落不在项目中）</translation>
    </message>
</context>
<context>
    <name>run_details</name>
    <message>
        <source>only Refuted counts as an error</source>
        <translation>只有“反驳”计为错误</translation>
    </message>
    <message>
        <source>Refuted or No Evidence count as errors</source>
        <translation>“反驳”或“无证据”计为错误</translation>
    </message>
    <message>
        <source>Refuted, No Evidence or Ambiguous count as errors</source>
        <translation>“反驳”、“无证据”或“不明确”计为错误</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>**{kind}** run, **{status}**; started {started}, finished {finished}.</source>
        <translation>**{kind}**运行，**{status}**；开始于 {started}，结束于 {finished}。</translation>
    </message>
    <message>
        <source>**{kind}** run, **{status}**; started {started}.</source>
        <translation>**{kind}**运行，**{status}**；开始于 {started}。</translation>
    </message>
    <message>
        <source>Error: {error}</source>
        <translation>错误：{error}</translation>
    </message>
    <message>
        <source>Counts</source>
        <translation>计数</translation>
    </message>
    <message>
        <source>Computing the figures…</source>
        <translation>正在计算指标…</translation>
    </message>
    <message>
        <source>Retrieval against gold evidence</source>
        <translation>对照金标准证据的检索</translation>
    </message>
    <message>
        <source>{n} claims evaluated, {excluded} without gold left out.</source>
        <translation>评估了 {n} 条主张，{excluded} 条无金标准的主张未计入。</translation>
    </message>
    <message>
        <source>**Warning:** {warning}</source>
        <translation>**警告：** {warning}</translation>
    </message>
    <message>
        <source>| k | recall | MRR | nDCG | full coverage |</source>
        <translation>| k | 召回率 | MRR | nDCG | 完全覆盖 |</translation>
    </message>
    <message>
        <source>Retrieval</source>
        <translation>检索</translation>
    </message>
    <message>
        <source>Scores</source>
        <translation>评分</translation>
    </message>
    <message>
        <source>Sentence level (an error is the positive class):</source>
        <translation>句子级（错误为正类）：</translation>
    </message>
    <message>
        <source>{n} sentences</source>
        <translation>{n} 个句子</translation>
    </message>
    <message>
        <source>Claim level (an error is the positive class):</source>
        <translation>主张级（错误为正类）：</translation>
    </message>
    <message>
        <source>{n} claims</source>
        <translation>{n} 条主张</translation>
    </message>
    <message>
        <source>| mapping | precision | recall | F1 | n |</source>
        <translation>| 映射 | 精确率 | 召回率 | F1 | n |</translation>
    </message>
    <message>
        <source>Closed regime (gold verdicts): accuracy {accuracy}, macro-F1 {macro_f1} over {n} claims.</source>
        <translation>封闭设定（金标准判定）：在 {n} 条主张上，准确率 {accuracy}，宏平均 F1 {macro_f1}。</translation>
    </message>
    <message>
        <source>{n} outputs did not parse and are left out.</source>
        <translation>{n} 个输出无法解析，未计入。</translation>
    </message>
    <message>
        <source>Settings and pins</source>
        <translation>设置与固定项</translation>
    </message>
    <message>
        <source>Provenance</source>
        <translation>来源信息</translation>
    </message>
</context>
<context>
    <name>run_names</name>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>retrieval</source>
        <translation>检索</translation>
    </message>
    <message>
        <source>verification</source>
        <translation>核验</translation>
    </message>
    <message>
        <source>pre-label</source>
        <translation>预标注</translation>
    </message>
    <message>
        <source>decomposition</source>
        <translation>分解</translation>
    </message>
    <message>
        <source>answering from documents</source>
        <translation>根据文档作答</translation>
    </message>
    <message>
        <source>imported</source>
        <translation>导入</translation>
    </message>
</context>
<context>
    <name>run_summary</name>
    <message>
        <source>documents</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>passages</source>
        <translation>段落</translation>
    </message>
    <message>
        <source>items</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>sentences</source>
        <translation>句子</translation>
    </message>
    <message>
        <source>claims</source>
        <translation>主张</translation>
    </message>
    <message>
        <source>retrieval hits</source>
        <translation>检索命中</translation>
    </message>
    <message>
        <source>verdicts</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>predictions</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>queries</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <source>retriever</source>
        <translation>检索器</translation>
    </message>
    <message>
        <source>merge</source>
        <translation>合并方式</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>秒数</translation>
    </message>
    <message>
        <source>index seconds</source>
        <translation>索引耗时（秒）</translation>
    </message>
    <message>
        <source>index cache</source>
        <translation>索引缓存</translation>
    </message>
    <message>
        <source>sentences kept whole (reply did not parse)</source>
        <translation>整句保留的句子（回复无法解析）</translation>
    </message>
    <message>
        <source>claims retired</source>
        <translation>已停用的主张</translation>
    </message>
    <message>
        <source>parse failures</source>
        <translation>解析失败</translation>
    </message>
    <message>
        <source>outputs repaired</source>
        <translation>已修复的输出</translation>
    </message>
    <message>
        <source>prompts trimmed</source>
        <translation>已截短的提示</translation>
    </message>
    <message>
        <source>verdicts by label</source>
        <translation>各标签的判定数</translation>
    </message>
    <message>
        <source>prompt tokens</source>
        <translation>提示词元</translation>
    </message>
    <message>
        <source>completion tokens</source>
        <translation>生成词元</translation>
    </message>
    <message>
        <source>seconds (last session)</source>
        <translation>秒数（上次会话）</translation>
    </message>
    <message>
        <source>units</source>
        <translation>单元</translation>
    </message>
    <message>
        <source>units done</source>
        <translation>已完成单元</translation>
    </message>
    <message>
        <source>labels</source>
        <translation>标注</translation>
    </message>
    <message>
        <source>codes by dimension</source>
        <translation>各维度的编码</translation>
    </message>
    <message>
        <source>items done</source>
        <translation>已完成条目</translation>
    </message>
    <message>
        <source>model calls</source>
        <translation>模型调用次数</translation>
    </message>
    <message>
        <source>conflict outputs</source>
        <translation>冲突输出</translation>
    </message>
    <message>
        <source>abstentions</source>
        <translation>弃答</translation>
    </message>
    <message>
        <source>metrics</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>intervals</source>
        <translation>区间</translation>
    </message>
    <message>
        <source>conflict items</source>
        <translation>冲突条目</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
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
        <source>Verify with a language model…</source>
        <translation>用语言模型验证…</translation>
    </message>
    <message>
        <source>No verify run here carries reasoning: classifier verdicts have a probability, not reasoning to label. Verify the claims with a language model now?</source>
        <translation>此处没有带推理的核验运行：分类器的判定只有概率，没有可标注的推理。现在用语言模型验证这些主张吗？</translation>
    </message>
    <message>
        <source>Label reasoning</source>
        <translation>标注推理</translation>
    </message>
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
        <source>The Workflow page lists every step in order; its highlighted step is the next one.</source>
        <translation>“工作流程”页按顺序列出每个步骤；高亮的步骤就是下一步。</translation>
    </message>
    <message>
        <source>Labeling</source>
        <translation>标注</translation>
    </message>
    <message>
        <source>choose the code with that number for the current dimension</source>
        <translation>为当前维度选择该编号对应的编码</translation>
    </message>
    <message>
        <source>Enter, Tab or Right</source>
        <translation>Enter、Tab 或 →</translation>
    </message>
    <message>
        <source>next dimension, then the next unit</source>
        <translation>下一个维度，然后下一个单元</translation>
    </message>
    <message>
        <source>Shift+Tab or Left</source>
        <translation>Shift+Tab 或 ←</translation>
    </message>
    <message>
        <source>previous dimension</source>
        <translation>上一个维度</translation>
    </message>
    <message>
        <source>Backspace</source>
        <translation>Backspace</translation>
    </message>
    <message>
        <source>undo the last label</source>
        <translation>撤销上一条标注</translation>
    </message>
    <message>
        <source>reveal the hidden pre-label and gold label now</source>
        <translation>立即揭示隐藏的预标注和金标准标注</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>审阅</translation>
    </message>
    <message>
        <source>triage the disagreement: retrieval error, verification error, wrong gold label</source>
        <translation>对分歧进行分诊：检索错误、核验错误、金标准标注有误</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <source>accept the pre-filled triage</source>
        <translation>接受预填的分诊</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>| Key | What it does |</source>
        <translation>| 按键 | 作用 |</translation>
    </message>
    <message>
        <source>On pages</source>
        <translation>页面内</translation>
    </message>
    <message>
        <source>| Page | Key | What it does |</source>
        <translation>| 页面 | 按键 | 作用 |</translation>
    </message>
    <message>
        <source>a note on the current dimension's label (taxonomy induction reads it)</source>
        <translation>为当前维度的标注添加备注（分类体系归纳会读取）</translation>
    </message>
</context>
<context>
    <name>InductionView</name>
    <message>
        <source>Taxonomy induction</source>
        <translation>分类体系归纳</translation>
    </message>
    <message>
        <source>Each round an LLM reads the cases the codebook does not cover (labels with a note or the code “other”, and unexplained disagreements of a verify run) and proposes codes. Accept, merge or reject each, then close the round: the accepted codes make a new codebook version.</source>
        <translation>每一轮由 LLM 读取编码本未覆盖的案例（带备注或代码“其他”的标注，以及核验运行中未得到解释的分歧）并提出代码。逐条接受、合并或拒绝，然后结束本轮：接受的代码构成新的编码本版本。</translation>
    </message>
    <message>
        <source>Cases from:</source>
        <translation>案例来源：</translation>
    </message>
    <message>
        <source>Start a round</source>
        <translation>开始一轮</translation>
    </message>
    <message>
        <source>Rounds</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>轮次</translation>
    </message>
    <message>
        <source>Proposer</source>
        <translation>提出者</translation>
    </message>
    <message>
        <source>Cases</source>
        <translation>案例</translation>
    </message>
    <message>
        <source>Proposals</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Proposed codes</source>
        <translation>建议的代码</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>Definition</source>
        <translation>定义</translation>
    </message>
    <message>
        <source>Examples</source>
        <translation>示例</translation>
    </message>
    <message>
        <source>Decision</source>
        <translation>决定</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>接受</translation>
    </message>
    <message>
        <source>Merge into</source>
        <translation>合并到</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>Close round</source>
        <translation>结束本轮</translation>
    </message>
    <message>
        <source>Save the codebook with the accepted codes as a new version</source>
        <translation>将含已接受代码的编码本保存为新版本</translation>
    </message>
    <message>
        <source>Saturation: new codes per closed round</source>
        <translation>饱和：每个已结束轮次的新代码数</translation>
    </message>
    <message>
        <source>Could not draw the saturation plot: {v0}</source>
        <translation>无法绘制饱和曲线图：{v0}</translation>
    </message>
    <message>
        <source>Notes and “other” codes only (no run)</source>
        <translation>仅备注和“其他”代码（不选运行）</translation>
    </message>
    <message>
        <source>closed: {n} new codes, codebook v{v}</source>
        <translation>已结束：{n} 个新代码，编码本 v{v}</translation>
    </message>
    <message>
        <source>open: {n} undecided</source>
        <translation>进行中：{n} 条未决定</translation>
    </message>
    <message>
        <source>{n} rounds, {open} open; codebook v{v}</source>
        <translation>{n} 轮，{open} 轮进行中；编码本 v{v}</translation>
    </message>
    <message>
        <source>accepted</source>
        <translation>已接受</translation>
    </message>
    <message>
        <source>merged into {code}</source>
        <translation>已合并到 {code}</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <source>undecided</source>
        <translation>未决定</translation>
    </message>
    <message>
        <source>Reading the uncovered cases…</source>
        <translation>正在读取未覆盖的案例…</translation>
    </message>
    <message>
        <source>Induction round</source>
        <translation>归纳轮次</translation>
    </message>
    <message>
        <source>Round {round_id}: {n} cases read, {p} codes proposed</source>
        <translation>第 {round_id} 轮：已读取 {n} 个案例，提出 {p} 个代码</translation>
    </message>
    <message>
        <source>Deciding a proposed code</source>
        <translation>正在决定建议的代码</translation>
    </message>
    <message>
        <source>Closing the round</source>
        <translation>正在结束本轮</translation>
    </message>
    <message>
        <source>Round {round_id} closed: {n} new codes; codebook v{v}</source>
        <translation>第 {round_id} 轮已结束：{n} 个新代码；编码本 v{v}</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Verify run</source>
        <translation>核验运行</translation>
    </message>
    <message>
        <source>ID</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Dimension / step</source>
        <translation>维度 / 步骤</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>正在读取…</translation>
    </message>
    <message>
        <source>Counting the cases not covered yet…</source>
        <translation>正在统计尚未覆盖的案例…</translation>
    </message>
    <message>
        <source>No case is left uncovered: a round now records saturation without asking the LLM.</source>
        <translation>没有未覆盖的案例：现在开始一轮将直接记录饱和，无需询问 LLM。</translation>
    </message>
    <message>
        <source>{n} cases not covered yet: {notes} labels with a note or “other”, {d} unexplained disagreements; a round reads up to {max}.</source>
        <translation>尚有 {n} 个案例未覆盖：{notes} 条带备注或“其他”的标注，{d} 个未解释的分歧；每轮最多读取 {max} 个。</translation>
    </message>
    <message>
        <source>LLM:</source>
        <translation>LLM：</translation>
    </message>
    <message>
        <source>The LLM reads up to {n} uncovered cases and proposes codes</source>
        <translation>LLM 最多读取 {n} 个未覆盖案例并提出代码</translation>
    </message>
    <message>
        <source>Add an “other” code</source>
        <translation>添加“其他”代码</translation>
    </message>
    <message>
        <source>Add a code “Other (say what in a note)” to every dimension and step that lacks one (a new codebook version): labels coded “other” are cases the next round reads</source>
        <translation>为每个尚无此代码的维度和步骤添加代码“其他（在备注中说明）”（新的编码手册版本）：编码为“其他”的标注是下一轮读取的案例</translation>
    </message>
    <message>
        <source>Adding “other” codes</source>
        <translation>正在添加“其他”代码</translation>
    </message>
    <message>
        <source>Codebook v{v}: every dimension and step has an “other” code</source>
        <translation>编码手册 v{v}：每个维度和步骤都有“其他”代码</translation>
    </message>
</context>
<context>
    <name>ExperimentsView</name>
    <message>
        <source>Sub-query merge</source>
        <translation>子查询合并</translation>
    </message>
    <message>
        <source>no merge</source>
        <translation>不合并</translation>
    </message>
    <message>
        <source>conservative merge</source>
        <translation>保守合并</translation>
    </message>
    <message>
        <source>Cell</source>
        <translation>单元</translation>
    </message>
    <message>
        <source>Retriever</source>
        <translation>检索器</translation>
    </message>
    <message>
        <source>k</source>
        <translation>k</translation>
    </message>
    <message>
        <source>Corpus</source>
        <translation>语料库</translation>
    </message>
    <message>
        <source>Verifier</source>
        <translation>核查器</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>提示词</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Accuracy [95% CI]</source>
        <translation>准确率 [95% 置信区间]</translation>
    </message>
    <message>
        <source>Holm p vs baseline</source>
        <translation>相对基线的 Holm p</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Experiments</source>
        <translation>实验</translation>
    </message>
    <message>
        <source>An ablation grid on a tuning split: every combination of the values checked below is one cell (a retrieval and a verify run, reused when they exist). Pick on the tuning split, then confirm the pick once on test.</source>
        <translation>在调参划分上运行消融网格：下面勾选值的每一种组合是一个单元（一次检索运行和一次核验运行，已有的会被复用）。在调参划分上选出最佳单元，再在测试集上确认一次。</translation>
    </message>
    <message>
        <source>Retrievers</source>
        <translation>检索器</translation>
    </message>
    <message>
        <source>Passages per claim (k)</source>
        <translation>每条主张的段落数 (k)</translation>
    </message>
    <message>
        <source>Corpora</source>
        <translation>语料库</translation>
    </message>
    <message>
        <source>Verifiers</source>
        <translation>核查器</translation>
    </message>
    <message>
        <source>Prompts (LLM verifiers)</source>
        <translation>提示词（LLM 核查器）</translation>
    </message>
    <message>
        <source>Claim limit</source>
        <translation>主张上限</translation>
    </message>
    <message>
        <source>all claims</source>
        <translation>全部主张</translation>
    </message>
    <message>
        <source>Baseline cell</source>
        <translation>基线单元</translation>
    </message>
    <message>
        <source>Tuning split</source>
        <translation>调参划分</translation>
    </message>
    <message>
        <source>Run grid</source>
        <translation>运行网格</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Confirm on test</source>
        <translation>在测试集上确认</translation>
    </message>
    <message>
        <source>Evaluate the picked cell once on the test split (logged; a second look is refused)</source>
        <translation>在测试划分上评估一次选出的单元（会记录；不允许第二次查看）</translation>
    </message>
    <message>
        <source>all corpora</source>
        <translation>全部语料库</translation>
    </message>
    <message>
        <source>shipped template</source>
        <translation>内置模板</translation>
    </message>
    <message>
        <source>{split} ({n} claims)</source>
        <translation>{split}（{n} 条主张）</translation>
    </message>
    <message>
        <source>Check at least one value of each axis.</source>
        <translation>每个维度至少勾选一个值。</translation>
    </message>
    <message>
        <source>No claims dataset has a tuning split: set one (other than test) when importing the claims.</source>
        <translation>没有主张数据集带有调参划分：导入主张时设置一个划分（测试集除外）。</translation>
    </message>
    <message>
        <source>every cell is done: running shows the table at once</source>
        <translation>所有单元均已完成：运行会立即显示表格</translation>
    </message>
    <message>
        <source>about {n} min for the rest</source>
        <translation>其余约需 {n} 分钟</translation>
    </message>
    <message>
        <source>retrieval</source>
        <translation>检索</translation>
    </message>
    <message>
        <source>time unknown: no earlier run measured {what}</source>
        <translation>时间未知：之前没有运行测量过 {what}</translation>
    </message>
    <message>
        <source>{cells} cells over {claims} claims ({retrieve} retrieve and {verify} verify runs); {done} done; {when}</source>
        <translation>{cells} 个单元，{claims} 条主张（{retrieve} 次检索运行和 {verify} 次核验运行）；已完成 {done} 个；{when}</translation>
    </message>
    <message>
        <source>pick</source>
        <translation>选中</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>to run</source>
        <translation>待运行</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>shipped</source>
        <translation>内置</translation>
    </message>
    <message>
        <source>local, CPU {s} s</source>
        <translation>本地，CPU {s} 秒</translation>
    </message>
    <message>
        <source>{money}, CPU {s} s</source>
        <translation>{money}，CPU {s} 秒</translation>
    </message>
    <message>
        <source>CPU {s} s, price unknown</source>
        <translation>CPU {s} 秒，价格未知</translation>
    </message>
    <message>
        <source>Cochran's Q = {q} (df {df}), p = {p} (χ²), {pp} (permutation)</source>
        <translation>Cochran's Q = {q}（自由度 {df}），p = {p}（χ²），{pp}（置换）</translation>
    </message>
    <message>
        <source>Pick: cell {cell}, accuracy {acc} over {n} claims of {split} (grid {id})</source>
        <translation>选中：单元 {cell}，在 {split} 的 {n} 条主张上准确率 {acc}（网格 {id}）</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>完成。</translation>
    </message>
    <message>
        <source>Running the grid…</source>
        <translation>正在运行网格…</translation>
    </message>
    <message>
        <source>Running the grid</source>
        <translation>运行网格</translation>
    </message>
    <message>
        <source>The grid stopped: {why}</source>
        <translation>网格已停止：{why}</translation>
    </message>
    <message>
        <source>Cancelled: the finished cells are kept; Run grid resumes where it stopped.</source>
        <translation>已取消：已完成的单元会保留；“运行网格”会从停止处继续。</translation>
    </message>
    <message>
        <source>%v of %m cells</source>
        <translation>%v / %m 个单元</translation>
    </message>
    <message>
        <source>Evaluating the pick on test…</source>
        <translation>正在测试集上评估选中的单元…</translation>
    </message>
    <message>
        <source>Confirming on test</source>
        <translation>在测试集上确认</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Confirmed on {split}: accuracy {acc} {ci} over {n} claims (logged; no second look)</source>
        <translation>已在 {split} 上确认：{n} 条主张上准确率 {acc} {ci}（已记录；不再查看第二次）</translation>
    </message>
    <message>
        <source>endpoint</source>
        <translation>端点</translation>
    </message>
</context>
<context>
    <name>PromptsView</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>sha256</source>
        <translation>sha256</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>shipped</source>
        <translation>内置</translation>
    </message>
    <message>
        <source>project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Prompts</source>
        <translation>提示词</translation>
    </message>
    <message>
        <source>Task:</source>
        <translation>任务：</translation>
    </message>
    <message>
        <source>Filled prompt (placeholders as &lt;name&gt;):</source>
        <translation>填充后的提示词（占位符显示为 &lt;name&gt;）：</translation>
    </message>
    <message>
        <source>lower-case letters, digits, '.', '_' or '-'</source>
        <translation>小写字母、数字、“.”、“_”或“-”</translation>
    </message>
    <message>
        <source>Save as</source>
        <translation>另存为</translation>
    </message>
    <message>
        <source>what changed (optional)</source>
        <translation>改了什么（可选）</translation>
    </message>
    <message>
        <source>New version…</source>
        <translation>新版本…</translation>
    </message>
    <message>
        <source>Edit a copy of this template and save it as a new version</source>
        <translation>编辑此模板的副本并保存为新版本</translation>
    </message>
    <message>
        <source>Save version</source>
        <translation>保存版本</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>放弃</translation>
    </message>
    <message>
        <source>all tasks</source>
        <translation>全部任务</translation>
    </message>
    <message>
        <source>{shipped} shipped templates, {project} saved versions in this project</source>
        <translation>{shipped} 个内置模板，本项目中保存了 {project} 个版本</translation>
    </message>
    <message>
        <source>{name} v{version} for {task}, sha256 {sha}; placeholders: {names}</source>
        <translation>{name} v{version}，用于 {task}，sha256 {sha}；占位符：{names}</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Refused: {why}</source>
        <translation>被拒绝：{why}</translation>
    </message>
    <message>
        <source>The template keeps everything the {task} run needs.</source>
        <translation>该模板保留了 {task} 运行所需的全部内容。</translation>
    </message>
    <message>
        <source>Saving a prompt</source>
        <translation>正在保存提示词</translation>
    </message>
    <message>
        <source>Not saved: {why}</source>
        <translation>未保存：{why}</translation>
    </message>
    <message>
        <source>Saved {name} v{version} (sha256 {sha}).</source>
        <translation>已保存 {name} v{version}（sha256 {sha}）。</translation>
    </message>
</context>
<context>
    <name>GatesView</name>
    <message>
        <source>Strict score at least</source>
        <translation>严格得分至少</translation>
    </message>
    <message>
        <source>Intermediate score at least</source>
        <translation>中等得分至少</translation>
    </message>
    <message>
        <source>Lenient score at least</source>
        <translation>宽松得分至少</translation>
    </message>
    <message>
        <source>Missed critical items at most</source>
        <translation>遗漏关键条目至多</translation>
    </message>
    <message>
        <source>Evidence coverage at least</source>
        <translation>证据覆盖率至少</translation>
    </message>
    <message>
        <source>Faithfulness at least</source>
        <translation>忠实度至少</translation>
    </message>
    <message>
        <source>Refusal rate at least</source>
        <translation>拒答率至少</translation>
    </message>
    <message>
        <source>Refusal rate at most</source>
        <translation>拒答率至多</translation>
    </message>
    <message>
        <source>Answers citing a passage at least</source>
        <translation>引用段落的回答比例至少</translation>
    </message>
    <message>
        <source>Risk-tier gates</source>
        <translation>风险等级门槛</translation>
    </message>
    <message>
        <source>The thresholds each risk tier's answers must reach (A high, B medium, C low risk). The file holds your conditions; scoring puts them over the built-in defaults, so a default stays unless you set its value.</source>
        <translation>各风险等级的回答必须达到的阈值（A 高、B 中、C 低风险）。文件保存您的条件；评分时它们覆盖内置默认值，因此除非您设置了其值，默认值保持不变。</translation>
    </message>
    <message>
        <source>Tier</source>
        <translation>风险等级</translation>
    </message>
    <message>
        <source>Condition</source>
        <translation>条件</translation>
    </message>
    <message>
        <source>Threshold</source>
        <translation>阈值</translation>
    </message>
    <message>
        <source>From</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Set</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Drop the file's condition (a default comes back)</source>
        <translation>删除文件中的条件（恢复默认值）</translation>
    </message>
    <message>
        <source>this file</source>
        <translation>本文件</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
</context>
<context>
    <name>LexiconView</name>
    <message>
        <source>Equivalence lexicon</source>
        <translation>等价词表</translation>
    </message>
    <message>
        <source>Synonyms that mean the same answer option (a brand and its generic name, an abbreviation): multi-answer scoring maps each to its option before matching. Case, spacing and full-width forms are ignored anyway.</source>
        <translation>表示同一答案选项的同义词（商品名与通用名、缩写）：多答案评分在匹配前将每个同义词映射到其选项。大小写、空格和全角形式本来就会被忽略。</translation>
    </message>
    <message>
        <source>Option</source>
        <translation>选项</translation>
    </message>
    <message>
        <source>Synonyms</source>
        <translation>同义词</translation>
    </message>
    <message>
        <source>Synonyms, separated by commas</source>
        <translation>同义词，用逗号分隔</translation>
    </message>
    <message>
        <source>Add or replace</source>
        <translation>添加或替换</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Type the option first</source>
        <translation>请先输入选项</translation>
    </message>
</context>
<context>
    <name>PricesView</name>
    <message>
        <source>Prices</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>What each saved endpoint costs, in your currency per million tokens. Run costs use these prices; an endpoint without one has an unknown cost. Prices stay on this computer and are never written into a project. Local models cost nothing.</source>
        <translation>每个已保存端点的费用，以您的货币按每百万词元计。运行费用使用这些价格；没有价格的端点费用未知。价格只保存在本机，从不写入项目。本地模型不产生费用。</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>端点</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Input per million tokens</source>
        <translation>每百万输入词元</translation>
    </message>
    <message>
        <source>Output per million tokens</source>
        <translation>每百万输出词元</translation>
    </message>
    <message>
        <source>Input:</source>
        <translation>输入：</translation>
    </message>
    <message>
        <source>Output:</source>
        <translation>输出：</translation>
    </message>
    <message>
        <source>Set price</source>
        <translation>设置价格</translation>
    </message>
    <message>
        <source>Remove price</source>
        <translation>移除价格</translation>
    </message>
    <message>
        <source>Forget the price: the endpoint's costs become unknown</source>
        <translation>删除价格：该端点的费用变为未知</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>正在读取…</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>(no longer saved)</source>
        <translation>（已不再保存）</translation>
    </message>
    <message>
        <source>No saved endpoint: add one in Models (Ctrl+M) to give it a price.</source>
        <translation>没有已保存的端点：请在“模型”（Ctrl+M）中添加一个，再为其设置价格。</translation>
    </message>
    <message>
        <source>{n} saved endpoints, {k} with a price</source>
        <translation>{n} 个已保存端点，其中 {k} 个有价格</translation>
    </message>
    <message>
        <source>Setting the price of {name}</source>
        <translation>正在设置 {name} 的价格</translation>
    </message>
    <message>
        <source>Removing the price of {name}</source>
        <translation>正在移除 {name} 的价格</translation>
    </message>
</context>
<context>
    <name>_FileEditor</name>
    <message>
        <source>Reload</source>
        <translation>重新读取</translation>
    </message>
    <message>
        <source>Read the file again (unsaved edits are dropped)</source>
        <translation>重新读取文件（未保存的修改将被丢弃）</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>正在读取…</translation>
    </message>
    <message>
        <source>Saved in the file</source>
        <translation>已保存在文件中</translation>
    </message>
    <message>
        <source>No file yet: the first save creates it</source>
        <translation>尚无文件：首次保存时创建</translation>
    </message>
    <message>
        <source>Choose a file</source>
        <translation>选择文件</translation>
    </message>
    <message>
        <source>Edited: not saved yet</source>
        <translation>已修改：尚未保存</translation>
    </message>
    <message>
        <source>Saving {name}</source>
        <translation>正在保存 {name}</translation>
    </message>
</context>
<context>
    <name>labeling_note</name>
    <message>
        <source>Note on the label</source>
        <translation>标注备注</translation>
    </message>
    <message>
        <source>{dimension}: what did you see that the codes do not say?</source>
        <translation>{dimension}：您看到了哪些代码没有表达的内容？</translation>
    </message>
    <message>
        <source>Label {dimension} first (a digit), then N adds a note to that label.</source>
        <translation>请先标注{dimension}（按数字键），然后按 N 为该标注添加备注。</translation>
    </message>
    <message>
        <source>Note saved on {dimension}.</source>
        <translation>已在{dimension}上保存备注。</translation>
    </message>
    <message>
        <source>Not saved: {v0}</source>
        <translation>未保存：{v0}</translation>
    </message>
    <message>
        <source>saving a note</source>
        <translation>正在保存备注</translation>
    </message>
</context>
<context>
    <name>GoldOptionsPanel</name>
    <message>
        <source>Gold options of two raters</source>
        <translation>两位评分者的金标准选项</translation>
    </message>
    <message>
        <source>Second rater:</source>
        <translation>第二位评分者：</translation>
    </message>
    <message>
        <source>name of the rater to import</source>
        <translation>要导入的评分者姓名</translation>
    </message>
    <message>
        <source>Import gold options…</source>
        <translation>导入金标准选项…</translation>
    </message>
    <message>
        <source>A JSONL or CSV file of records {"item_id", "gold_options"} from a second rater; a new import of the same rater replaces their sets</source>
        <translation>第二位评分者的 JSONL 或 CSV 文件，记录为 {"item_id", "gold_options"}；同一评分者再次导入会替换其选项集</translation>
    </message>
    <message>
        <source>Items whose two gold sets differ</source>
        <translation>两份金标准选项集不同的条目</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>Only in the imported gold</source>
        <translation>仅在导入的金标准中</translation>
    </message>
    <message>
        <source>Only in the second rater's</source>
        <translation>仅在第二位评分者的选项中</translation>
    </message>
    <message>
        <source>Test-set profile</source>
        <translation>测试集概况</translation>
    </message>
    <message>
        <source>Reading…</source>
        <translation>正在读取…</translation>
    </message>
    <message>
        <source>Could not read the gold options: {v0}</source>
        <translation>无法读取金标准选项：{v0}</translation>
    </message>
    <message>
        <source>Reading gold options</source>
        <translation>正在读取金标准选项</translation>
    </message>
    <message>
        <source>No second rater yet: name one and import their gold options to see the agreement.</source>
        <translation>尚无第二位评分者：填写姓名并导入其金标准选项即可查看一致性。</translation>
    </message>
    <message>
        <source>Name the second rater first.</source>
        <translation>请先填写第二位评分者的姓名。</translation>
    </message>
    <message>
        <source>A second rater's gold options</source>
        <translation>第二位评分者的金标准选项</translation>
    </message>
    <message>
        <source>Gold options (*.jsonl *.csv)</source>
        <translation>金标准选项 (*.jsonl *.csv)</translation>
    </message>
    <message>
        <source>Importing…</source>
        <translation>正在导入…</translation>
    </message>
    <message>
        <source>Importing gold options</source>
        <translation>正在导入金标准选项</translation>
    </message>
    <message>
        <source>… and more</source>
        <translation>… 以及更多</translation>
    </message>
    <message>
        <source>Not imported, nothing written:</source>
        <translation>未导入，未写入任何内容：</translation>
    </message>
    <message>
        <source>Not imported: {v0}</source>
        <translation>未导入：{v0}</translation>
    </message>
</context>
<context>
    <name>AnswersGold</name>
    <message>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <source>{share} ({n} of {total})</source>
        <translation>{share}（{total} 个中的 {n} 个）</translation>
    </message>
    <message>
        <source>Cohen's κ {kappa} over {decisions} option decisions of {items} items rated by both</source>
        <translation>Cohen κ {kappa}，基于两人都评分的 {items} 个条目的 {decisions} 个选项判断</translation>
    </message>
    <message>
        <source>same gold set on {share}, 95 % interval {ci}</source>
        <translation>金标准选项集相同：{share}，95% 区间 {ci}</translation>
    </message>
    <message>
        <source>items not compared, set by one rater only: imported gold {first}, {rater} {second}</source>
        <translation>未比较的条目（仅一位评分者给出）：导入的金标准 {first}，{rater} {second}</translation>
    </message>
    <message>
        <source>{n} items list no options: judged over the union of the two sets, which lowers κ</source>
        <translation>{n} 个条目未列出选项：按两个选项集的并集判断，这会降低 κ</translation>
    </message>
    <message>
        <source>No items with gold options in this project.</source>
        <translation>此项目中没有带金标准选项的条目。</translation>
    </message>
    <message>
        <source>{n} items; sources: {sources}; more than one gold option: {multi}; negated question: {negation}; mean distractors {mean} (over {listed} items that list their options)</source>
        <translation>{n} 个条目；来源：{sources}；多于一个金标准选项：{multi}；否定式题干：{negation}；平均干扰项 {mean}（基于 {listed} 个列出选项的条目）</translation>
    </message>
</context>
</TS>
