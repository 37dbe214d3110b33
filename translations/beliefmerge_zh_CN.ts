<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>bm::ClaimGraphView</name>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="65"/>
        <source>dispute / contradiction: challenger → winner (no arrow: a tie)</source>
        <translation>争议/矛盾：挑战值 → 胜出值（无箭头：平局）</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="66"/>
        <source>supersession: superseded value → current value</source>
        <translation>取代：被取代的值 → 当前值</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="67"/>
        <source>a value of this slot</source>
        <translation>此槽位的一个值</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="81"/>
        <source>derivation</source>
        <translation>推导</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="82"/>
        <source>dispute / contradiction</source>
        <translation>争议/矛盾</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="83"/>
        <source>supersession</source>
        <translation>取代</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="87"/>
        <source>badge: trust T trusted, E external, U untrusted</source>
        <translation>徽标：信任 T 可信、E 外部、U 不可信</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="137"/>
        <source>Find a slot…</source>
        <translation>查找槽位…</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="148"/>
        <source>Focus</source>
        <translation>聚焦</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="149"/>
        <source>Show only the selected slot&apos;s derivation neighbourhood</source>
        <translation>只显示所选槽位的推导邻域</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="155"/>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="155"/>
        <source>Fit the whole graph in view</source>
        <translation>将整个图缩放到视图内</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="156"/>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="157"/>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="229"/>
        <source>No slot matches “%1”</source>
        <translation>没有与“%1”匹配的槽位</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="245"/>
        <source>Laying out…</source>
        <translation>正在布局…</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="64"/>
        <source>derivation: premise → conclusion</source>
        <translation>推导：前提 → 结论</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="326"/>
        <source>%1 — %2, trust %3</source>
        <translation>%1 — %2，信任 %3</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/claim_graph_view.cpp" line="290"/>
        <source>%n slot(s) shown</source>
        <translation>
            <numerusform>显示 %n 个槽位</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/claim_graph_view.cpp" line="293"/>
        <source>; %n more not shown (use Focus or search)</source>
        <translation>
            <numerusform>；另有 %n 个未显示（使用聚焦或搜索）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/graph_layout.cpp" line="200"/>
        <source>The Graphviz dot layout failed; the graph cannot be drawn.</source>
        <translation>Graphviz dot 布局失败；无法绘制图。</translation>
    </message>
</context>
<context>
    <name>bm::DerivationModel</name>
    <message>
        <location filename="../models/derivation_model.cpp" line="33"/>
        <source>unknown premise</source>
        <translation>未知前提</translation>
    </message>
    <message>
        <location filename="../models/derivation_model.cpp" line="40"/>
        <source>cycle</source>
        <translation>循环</translation>
    </message>
    <message>
        <location filename="../models/derivation_model.cpp" line="48"/>
        <source>… deeper premises not shown</source>
        <translation>… 更深层的前提未显示</translation>
    </message>
    <message>
        <location filename="../models/derivation_model.cpp" line="59"/>
        <source>route %1</source>
        <translation>路径 %1</translation>
    </message>
    <message>
        <location filename="../models/derivation_model.cpp" line="60"/>
        <source>satisfied</source>
        <translation>已满足</translation>
    </message>
    <message>
        <location filename="../models/derivation_model.cpp" line="116"/>
        <source>IN</source>
        <translation>成立</translation>
    </message>
    <message>
        <location filename="../models/derivation_model.cpp" line="116"/>
        <location filename="../models/derivation_model.cpp" line="117"/>
        <source>OUT</source>
        <translation>不成立</translation>
    </message>
    <message>
        <location filename="../models/derivation_model.cpp" line="119"/>
        <source>%1 — unmet premise</source>
        <translation>%1 — 未满足的前提</translation>
    </message>
    <message>
        <location filename="../models/derivation_model.cpp" line="141"/>
        <source>Slot / route</source>
        <translation>槽位 / 路径</translation>
    </message>
    <message>
        <location filename="../models/derivation_model.cpp" line="142"/>
        <source>Label</source>
        <translation>标签</translation>
    </message>
    <message>
        <location filename="../models/derivation_model.cpp" line="143"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>bm::DisputesPane</name>
    <message>
        <location filename="../views/disputes_pane.cpp" line="39"/>
        <source>J/K next/previous · A accept · O overrule to the value selected in the inspector · B both · C conditional (guard) · U unresolvable</source>
        <translation>J/K 下一个/上一个 · A 接受 · O 改判为检查器中所选的值 · B 两者皆成立 · C 有条件（需条件） · U 无法裁决</translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="42"/>
        <source>Needs review (disputed and contested)</source>
        <translation>待审阅（争议与有异议）</translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="43"/>
        <source>Disputed</source>
        <translation>争议</translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="44"/>
        <source>Contested</source>
        <translation>有异议</translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="45"/>
        <source>All slots</source>
        <translation>全部槽位</translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="48"/>
        <source>Filter by slot or value…</source>
        <translation>按槽位或值筛选…</translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="55"/>
        <source>Reason (optional)</source>
        <translation>理由（可选）</translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="57"/>
        <source>Guard for a conditional decision, e.g. “in staging”</source>
        <translation>有条件裁决的条件，例如“在预发布环境中”</translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="66"/>
        <source>Reason:</source>
        <translation>理由：</translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="67"/>
        <source>Guard:</source>
        <translation>条件：</translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="68"/>
        <source>&lt;b&gt;J&lt;/b&gt;/&lt;b&gt;K&lt;/b&gt; next/previous · &lt;b&gt;A&lt;/b&gt; accept · &lt;b&gt;O&lt;/b&gt; overrule to the selected value · &lt;b&gt;B&lt;/b&gt; both · &lt;b&gt;C&lt;/b&gt; conditional · &lt;b&gt;U&lt;/b&gt; unresolvable</source>
        <translation>&lt;b&gt;J&lt;/b&gt;/&lt;b&gt;K&lt;/b&gt; 下一个/上一个 · &lt;b&gt;A&lt;/b&gt; 接受 · &lt;b&gt;O&lt;/b&gt; 改判为所选值 · &lt;b&gt;B&lt;/b&gt; 两者皆成立 · &lt;b&gt;C&lt;/b&gt; 有条件 · &lt;b&gt;U&lt;/b&gt; 无法裁决</translation>
    </message>
</context>
<context>
    <name>bm::MainWindow</name>
    <message>
        <location filename="../views/main_window.cpp" line="81"/>
        <source>BeliefMerge Studio</source>
        <translation>BeliefMerge 工作室</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="98"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="99"/>
        <source>Stop loading (Esc)</source>
        <translation>停止加载（Esc）</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="110"/>
        <source>Workspace: %1</source>
        <translation>工作区：%1</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="122"/>
        <source>Message %1 of session %2 is not in the workspace</source>
        <translation>会话 %2 的消息 %1 不在工作区中</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="131"/>
        <source>Exported to %1</source>
        <translation>已导出到 %1</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="150"/>
        <source>Workspace</source>
        <translation>工作区</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="151"/>
        <source>Disputes</source>
        <translation>争议</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="152"/>
        <source>Slot inspector</source>
        <translation>槽位检查器</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="153"/>
        <source>Derivation chain</source>
        <translation>推导链</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="154"/>
        <source>Pack preview</source>
        <translation>打包预览</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="155"/>
        <source>Transcript</source>
        <translation>对话记录</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="156"/>
        <source>Load messages</source>
        <translation>加载消息</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="169"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="170"/>
        <source>&amp;Open Logs…</source>
        <translation>打开日志(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="171"/>
        <source>Open &amp;Folder…</source>
        <translation>打开文件夹(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="172"/>
        <source>Open &amp;Workspace…</source>
        <translation>打开工作区(&amp;W)…</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="173"/>
        <source>&amp;Recent Workspaces</source>
        <translation>最近的工作区(&amp;R)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="176"/>
        <source>&amp;Export Block…</source>
        <translation>导出上下文块(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="177"/>
        <source>&amp;Copy Block to Clipboard</source>
        <translation>复制上下文块到剪贴板(&amp;C)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="181"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="183"/>
        <source>&amp;Review</source>
        <translation>审阅(&amp;R)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="189"/>
        <source>&amp;Accept (A)</source>
        <translation>接受(&amp;A)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="190"/>
        <source>&amp;Overrule to the Selected Value (O)</source>
        <translation>改判为所选值(&amp;O)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="191"/>
        <source>&amp;Both Hold (B)</source>
        <translation>两者皆成立(&amp;B)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="192"/>
        <source>&amp;Conditional (C)</source>
        <translation>有条件(&amp;C)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="193"/>
        <source>&amp;Unresolvable (U)</source>
        <translation>无法裁决(&amp;U)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="195"/>
        <source>Go to the Disputes &amp;Queue</source>
        <translation>转到争议队列(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="200"/>
        <source>&amp;Graph</source>
        <translation>图(&amp;G)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="201"/>
        <source>&amp;Find Slot…</source>
        <translation>查找槽位(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="204"/>
        <source>&amp;Fit</source>
        <translation>适应窗口(&amp;F)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="205"/>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="206"/>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="207"/>
        <source>Focus on &amp;Selection</source>
        <translation>聚焦所选(&amp;S)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="211"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="212"/>
        <source>&amp;Oracle Extractor (native JSONL annotations)</source>
        <translation>标注提取器（原生 JSONL 标注）(&amp;O)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="217"/>
        <source>Read claims from the annotations of BeliefMerge native JSONL logs instead of the heuristic extractor</source>
        <translation>从 BeliefMerge 原生 JSONL 日志的标注中读取断言，而不使用启发式提取器</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="218"/>
        <source>&amp;Current Session</source>
        <translation>当前会话(&amp;C)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="225"/>
        <source>Cancel loading</source>
        <translation>取消加载</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="269"/>
        <source>Extractor: %1 · current session: %2</source>
        <translation>提取器：%1 · 当前会话：%2</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="270"/>
        <source>oracle</source>
        <translation>标注</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="270"/>
        <source>heuristic</source>
        <translation>启发式</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="271"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="286"/>
        <source>None (no user is TRUSTED)</source>
        <translation>无（没有用户为可信）</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="290"/>
        <source>%1 (not in this workspace)</source>
        <translation>%1（不在此工作区中）</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="300"/>
        <source>BeliefMerge Studio — %1</source>
        <translation>BeliefMerge 工作室 — %1</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="307"/>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="328"/>
        <source>Reading the workspace…</source>
        <translation>正在读取工作区…</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/main_window.cpp" line="328"/>
        <source>Importing %n path(s)…</source>
        <translation>
            <numerusform>正在导入 %n 个路径…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="341"/>
        <source>%1 (%2 of %3)…</source>
        <translation>%1（%2/%3）…</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="355"/>
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="356"/>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/main_window.cpp" line="358"/>
        <source>Loading cancelled after %n file(s)</source>
        <translation>
            <numerusform>已在 %n 个文件后取消加载</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/main_window.cpp" line="363"/>
        <source>%n session(s), %1 slots, %2 to review; %3 errors, %4 warnings</source>
        <translation>
            <numerusform>%n 个会话，%1 个槽位，%2 个待审阅；%3 个错误，%4 个警告</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="370"/>
        <source>Loading failed: %1</source>
        <translation>加载失败：%1</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="450"/>
        <source>Select a slot first.</source>
        <translation>请先选择一个槽位。</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="463"/>
        <source>Select the value to overrule to in the slot inspector first.</source>
        <translation>请先在槽位检查器中选择要改判的值。</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="470"/>
        <source>A conditional decision needs a guard: type it in the Guard field.</source>
        <translation>有条件裁决需要条件：请在“条件”栏中输入。</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="480"/>
        <source>Nothing to accept: no model resolution and no winner. Overrule instead (O, B, C or U).</source>
        <translation>没有可接受的内容：既无模型裁决也无胜出值。请改判（O、B、C 或 U）。</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="487"/>
        <source>Saving the decision on %1…</source>
        <translation>正在保存对 %1 的裁决…</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="504"/>
        <source>Decision not saved: %1</source>
        <translation>裁决未保存：%1</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="504"/>
        <source>Decision saved, but the decisions could not be re-read: %1</source>
        <translation>裁决已保存，但无法重新读取裁决：%1</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="517"/>
        <source>Decision saved: %1 → %2</source>
        <translation>裁决已保存：%1 → %2</translation>
    </message>
    <message>
        <location filename="../views/main_window_dialogs.cpp" line="13"/>
        <source>Open session logs</source>
        <translation>打开会话日志</translation>
    </message>
    <message>
        <location filename="../views/main_window_dialogs.cpp" line="14"/>
        <source>Session logs (*.jsonl *.json *.traj *.zstd *.zst);;All files (*)</source>
        <translation>会话日志 (*.jsonl *.json *.traj *.zstd *.zst);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../views/main_window_dialogs.cpp" line="21"/>
        <source>Open a folder of session logs</source>
        <translation>打开会话日志文件夹</translation>
    </message>
    <message>
        <location filename="../views/main_window_dialogs.cpp" line="26"/>
        <source>Open or create a workspace</source>
        <translation>打开或新建工作区</translation>
    </message>
    <message>
        <location filename="../views/main_window_dialogs.cpp" line="27"/>
        <source>BeliefMerge workspaces (*.bmws);;All files (*)</source>
        <translation>BeliefMerge 工作区 (*.bmws);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../views/main_window_dialogs.cpp" line="35"/>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <location filename="../views/main_window_dialogs.cpp" line="36"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../views/main_window_dialogs.cpp" line="37"/>
        <source>DSH user message (*.json)</source>
        <translation>DSH 用户消息 (*.json)</translation>
    </message>
    <message>
        <location filename="../views/main_window_dialogs.cpp" line="39"/>
        <source>Export the packed block</source>
        <translation>导出打包的上下文块</translation>
    </message>
</context>
<context>
    <name>bm::PackPreviewPane</name>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="73"/>
        <source> tokens</source>
        <translation> 个词元</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="75"/>
        <source>Markdown</source>
        <translation>Markdown</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="76"/>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="77"/>
        <source>DSH user message</source>
        <translation>DSH 用户消息</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="78"/>
        <source>Partial enumeration</source>
        <translation>部分枚举</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="79"/>
        <source>Density greedy</source>
        <translation>密度贪心</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="92"/>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="93"/>
        <source>Copy to clipboard</source>
        <translation>复制到剪贴板</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="97"/>
        <source>Budget:</source>
        <translation>预算：</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="98"/>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="99"/>
        <source>Algorithm:</source>
        <translation>算法：</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="113"/>
        <source>Dropped for the budget:</source>
        <translation>因预算而舍弃：</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="166"/>
        <source>Refused: a trust invariant is violated; nothing can be exported.</source>
        <translation>已拒绝：违反了信任不变式；无法导出任何内容。</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="169"/>
        <source>violation %1 on %2: %3</source>
        <translation>%2 违反 %1：%3</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="176"/>
        <source>%1 of %2 tokens · %3 of %4 items · %5 · counter %6</source>
        <translation>%1/%2 词元 · %3/%4 项 · %5 · 计数器 %6</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="179"/>
        <source> · beat density greedy</source>
        <translation> · 优于密度贪心</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="181"/>
        <source> · preserved prefix vs. last export: %1 of %2 items</source>
        <translation> · 与上次导出相比保留的前缀：%1/%2 项</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="197"/>
        <source>Nothing packed yet.</source>
        <translation>尚未打包。</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="204"/>
        <location filename="../views/pack_preview_pane.cpp" line="209"/>
        <source>Export refused: %1</source>
        <translation>导出被拒绝：%1</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="221"/>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="233"/>
        <source>the clipboard</source>
        <translation>剪贴板</translation>
    </message>
</context>
<context>
    <name>bm::SessionListModel</name>
    <message>
        <location filename="../models/session_list_model.cpp" line="44"/>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <location filename="../models/session_list_model.cpp" line="45"/>
        <source>Session</source>
        <translation>会话</translation>
    </message>
    <message>
        <location filename="../models/session_list_model.cpp" line="46"/>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <location filename="../models/session_list_model.cpp" line="47"/>
        <source>Redactions</source>
        <translation>脱敏</translation>
    </message>
    <message>
        <location filename="../models/session_list_model.cpp" line="48"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
</context>
<context>
    <name>bm::SlotInspectorModel</name>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="56"/>
        <source>superseded within their branch</source>
        <translation>在其分支内被取代</translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="73"/>
        <source>  (winner)</source>
        <translation>  （胜出）</translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="73"/>
        <source>  (tied)</source>
        <translation>  （并列）</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/slot_inspector_model.cpp" line="74"/>
        <source>%n source(s)</source>
        <translation>
            <numerusform>%n 个来源</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="75"/>
        <source>score %1</source>
        <translation>得分 %1</translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="91"/>
        <source>Double-click or press Enter to show this message in the transcript</source>
        <translation>双击或按 Enter 在对话记录中显示此消息</translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="117"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="118"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="119"/>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="120"/>
        <source>Rank</source>
        <translation>等级</translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="121"/>
        <source>Trust</source>
        <translation>信任</translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="122"/>
        <source>Quote</source>
        <translation>引文</translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="123"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
</context>
<context>
    <name>bm::SlotInspectorPane</name>
    <message>
        <location filename="../views/slot_inspector_pane.cpp" line="45"/>
        <source>No slot selected.</source>
        <translation>未选择槽位。</translation>
    </message>
    <message>
        <location filename="../views/slot_inspector_pane.cpp" line="52"/>
        <source>, value &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>，值 &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../views/slot_inspector_pane.cpp" line="56"/>
        <source>, tie between &lt;b&gt;%1&lt;/b&gt; (never guessed)</source>
        <translation>，&lt;b&gt;%1&lt;/b&gt; 并列（绝不猜测）</translation>
    </message>
    <message>
        <location filename="../views/slot_inspector_pane.cpp" line="58"/>
        <source>; trust %1; derivation %2</source>
        <translation>；信任 %1；推导 %2</translation>
    </message>
    <message>
        <location filename="../views/slot_inspector_pane.cpp" line="60"/>
        <source>Rank comparison: %1</source>
        <translation>等级比较：%1</translation>
    </message>
    <message>
        <location filename="../views/slot_inspector_pane.cpp" line="62"/>
        <source>Disputed by “%1” (rank %2) against “%3” (rank %4)</source>
        <translation>“%1”（等级 %2）对“%3”（等级 %4）提出争议</translation>
    </message>
    <message>
        <location filename="../views/slot_inspector_pane.cpp" line="67"/>
        <source>reviewer</source>
        <translation>审阅者</translation>
    </message>
    <message>
        <location filename="../views/slot_inspector_pane.cpp" line="67"/>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../views/slot_inspector_pane.cpp" line="68"/>
        <source>Decision (%1): &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>裁决（%1）：&lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../views/slot_inspector_pane.cpp" line="69"/>
        <source> — reason: %1</source>
        <translation> — 理由：%1</translation>
    </message>
    <message>
        <location filename="../views/slot_inspector_pane.cpp" line="70"/>
        <source> (saved %1 by %2)</source>
        <translation>（%2 于 %1 保存）</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/slot_inspector_pane.cpp" line="75"/>
        <source>Stale: %n decision(s) were made against an older annotation and are not applied.</source>
        <translation>
            <numerusform>已过时：%n 个裁决基于较旧的注释，未被应用。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>bm::SlotTableModel</name>
    <message>
        <location filename="../models/slot_table_model.cpp" line="29"/>
        <location filename="../models/slot_table_model.cpp" line="43"/>
        <source>retracted</source>
        <translation>已撤回</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="31"/>
        <source>settled</source>
        <translation>已确定</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="32"/>
        <source>resolved</source>
        <translation>已解决</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="33"/>
        <source>contested</source>
        <translation>有异议</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="34"/>
        <source>disputed</source>
        <translation>争议</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="41"/>
        <source>axiom</source>
        <translation>公理</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="42"/>
        <source>founded</source>
        <translation>有据</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="44"/>
        <source>unasserted</source>
        <translation>未断言</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="103"/>
        <source>A decision was made against an older annotation: new evidence arrived; review again.</source>
        <translation>裁决基于较旧的注释：有新证据到达，请重新审阅。</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="115"/>
        <source>stale: %1</source>
        <translation>已过时：%1</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="128"/>
        <source>Slot</source>
        <translation>槽位</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="129"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="130"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="131"/>
        <source>Trust</source>
        <translation>信任</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="132"/>
        <source>Derivation</source>
        <translation>推导</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="133"/>
        <source>Decision</source>
        <translation>裁决</translation>
    </message>
</context>
<context>
    <name>bm::SnapshotJob</name>
    <message>
        <location filename="../views/snapshot_job.cpp" line="32"/>
        <source>Importing</source>
        <translation>正在导入</translation>
    </message>
    <message>
        <location filename="../views/snapshot_job.cpp" line="41"/>
        <source>Reading the workspace</source>
        <translation>正在读取工作区</translation>
    </message>
    <message>
        <location filename="../views/snapshot_job.cpp" line="51"/>
        <source>Extracting claims</source>
        <translation>正在提取断言</translation>
    </message>
    <message>
        <location filename="../views/snapshot_job.cpp" line="60"/>
        <source>Merging</source>
        <translation>正在合并</translation>
    </message>
    <message>
        <location filename="../views/snapshot_job.cpp" line="80"/>
        <source>No slot &apos;%1&apos; in this snapshot</source>
        <translation>此快照中没有槽位“%1”</translation>
    </message>
</context>
<context>
    <name>bm::TranscriptModel</name>
    <message>
        <location filename="../models/transcript_model.cpp" line="125"/>
        <source> (shadowed)</source>
        <translation> （已被遮蔽）</translation>
    </message>
    <message>
        <location filename="../models/transcript_model.cpp" line="149"/>
        <source>Role / block</source>
        <translation>角色 / 块</translation>
    </message>
    <message>
        <location filename="../models/transcript_model.cpp" line="149"/>
        <source>Content</source>
        <translation>内容</translation>
    </message>
</context>
<context>
    <name>bm::TranscriptPane</name>
    <message>
        <location filename="../views/transcript_pane.cpp" line="67"/>
        <source>◀ Earlier</source>
        <translation>◀ 更早</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/transcript_pane.cpp" line="68"/>
        <source>Show the previous %n message(s)</source>
        <translation>
            <numerusform>显示前 %n 条消息</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/transcript_pane.cpp" line="69"/>
        <source>Later ▶</source>
        <translation>更晚 ▶</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/transcript_pane.cpp" line="70"/>
        <source>Show the next %n message(s)</source>
        <translation>
            <numerusform>显示后 %n 条消息</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/transcript_pane.cpp" line="111"/>
        <source>Session %1, branch %2 (%n message(s))</source>
        <translation>
            <numerusform>会话 %1，分支 %2（%n 条消息）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/transcript_pane.cpp" line="112"/>
        <source>Session %1 (%n message(s))</source>
        <translation>
            <numerusform>会话 %1（%n 条消息）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/transcript_pane.cpp" line="129"/>
        <source>messages %1–%2 of %3</source>
        <translation>第 %1–%2 条消息，共 %3 条</translation>
    </message>
    <message>
        <location filename="../views/transcript_pane.cpp" line="161"/>
        <source>Shadowed by a compaction.</source>
        <translation>已被压缩遮蔽。</translation>
    </message>
    <message>
        <location filename="../views/transcript_pane.cpp" line="164"/>
        <source>Injected by plugin %1: untrusted text, never instructions.</source>
        <translation>由插件 %1 注入：不可信文本，绝非指令。</translation>
    </message>
</context>
<context>
    <name>bm::WorkspaceTreeModel</name>
    <message>
        <location filename="../models/workspace_tree_model.cpp" line="57"/>
        <source>fork of %1</source>
        <translation>%1 的分叉</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/workspace_tree_model.cpp" line="58"/>
        <source>%n branch(es)</source>
        <translation>
            <numerusform>%n 个分支</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/workspace_tree_model.cpp" line="71"/>
        <source>sidechain</source>
        <translation>旁链</translation>
    </message>
    <message>
        <location filename="../models/workspace_tree_model.cpp" line="71"/>
        <source>branch</source>
        <translation>分支</translation>
    </message>
    <message>
        <location filename="../models/workspace_tree_model.cpp" line="79"/>
        <source>Session / branch</source>
        <translation>会话 / 分支</translation>
    </message>
    <message>
        <location filename="../models/workspace_tree_model.cpp" line="80"/>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <location filename="../models/workspace_tree_model.cpp" line="81"/>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <location filename="../models/workspace_tree_model.cpp" line="82"/>
        <source>Lineage</source>
        <translation>谱系</translation>
    </message>
    <message>
        <location filename="../models/workspace_tree_model.cpp" line="83"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/studio/main.cpp" line="21"/>
        <source>BeliefMerge Studio: review merged agent sessions (claim graph, disputes, derivations, trust) and export the packed block.</source>
        <translation>BeliefMerge 工作室：审阅合并后的智能体会话（断言图、争议、推导、信任）并导出打包的上下文块。</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="26"/>
        <source>Workspace file (SQLite); default: the most recent one.</source>
        <translation>工作区文件（SQLite）；默认：最近使用的一个。</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="30"/>
        <source>The current session: its user&apos;s claims are TRUSTED (remembered per workspace).</source>
        <translation>当前会话：其用户的断言为可信（按工作区记住）。</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="34"/>
        <source>heuristic or oracle (native JSONL annotations); remembered.</source>
        <translation>heuristic（启发式）或 oracle（原生 JSONL 标注）；会被记住。</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="38"/>
        <source>Session logs or folders to import (any supported format).</source>
        <translation>要导入的会话日志或文件夹（任何支持的格式）。</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="49"/>
        <source>--extractor: expected heuristic or oracle, got &apos;%1&apos;</source>
        <translation>--extractor：应为 heuristic 或 oracle，实际为“%1”</translation>
    </message>
</context>
</TS>
