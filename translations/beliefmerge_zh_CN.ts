<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>bm::AdjudicationDialog</name>
    <message>
        <location filename="../views/adjudication_dialog.cpp" line="21"/>
        <source>agreed in both orders</source>
        <translation>两种顺序下一致</translation>
    </message>
    <message>
        <location filename="../views/adjudication_dialog.cpp" line="23"/>
        <source>changed when the options were reversed: unresolvable (order-sensitive)</source>
        <translation>选项顺序颠倒后答案改变：无法裁决（顺序敏感）</translation>
    </message>
    <message>
        <location filename="../views/adjudication_dialog.cpp" line="24"/>
        <source>answered in one order only: dropped</source>
        <translation>仅在一种顺序下作答：已丢弃</translation>
    </message>
    <message>
        <location filename="../views/adjudication_dialog.cpp" line="27"/>
        <source>no answer</source>
        <translation>无答复</translation>
    </message>
    <message>
        <location filename="../views/adjudication_dialog.cpp" line="47"/>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <location filename="../views/adjudication_dialog.cpp" line="50"/>
        <source>Adjudicate with the Model</source>
        <translation>由模型裁决</translation>
    </message>
    <message>
        <location filename="../views/adjudication_dialog.cpp" line="54"/>
        <source>Slot</source>
        <translation>槽位</translation>
    </message>
    <message>
        <location filename="../views/adjudication_dialog.cpp" line="54"/>
        <source>Options</source>
        <translation>选项</translation>
    </message>
    <message>
        <location filename="../views/adjudication_dialog.cpp" line="54"/>
        <source>Model&apos;s answer</source>
        <translation>模型的答复</translation>
    </message>
    <message>
        <location filename="../views/adjudication_dialog.cpp" line="54"/>
        <source>Symmetry check</source>
        <translation>对称性检查</translation>
    </message>
    <message>
        <location filename="../views/adjudication_dialog.cpp" line="62"/>
        <source>A in the disputes queue accepts what the model proposed for the selected slot; O, B, C or U overrule it.</source>
        <translation>在争议队列中按 A 接受模型对所选槽位的提议；按 O、B、C 或 U 推翻它。</translation>
    </message>
    <message>
        <location filename="../views/adjudication_dialog.cpp" line="65"/>
        <source>Abort the requests in flight (Esc); what earlier batches recorded is kept</source>
        <translation>中止进行中的请求（Esc）；之前各批次已记录的内容会保留</translation>
    </message>
    <message>
        <location filename="../views/adjudication_dialog.cpp" line="83"/>
        <source>Asking the model…</source>
        <translation>正在询问模型…</translation>
    </message>
    <message>
        <location filename="../views/adjudication_dialog.cpp" line="96"/>
        <source>%1 of %2 batch(es) answered</source>
        <translation>已答复 %1 / %2 批</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/adjudication_dialog.cpp" line="117"/>
        <source>%n resolution(s) recorded in the workspace</source>
        <translation>
            <numerusform>已在工作区记录 %n 个裁决</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/adjudication_dialog.cpp" line="118"/>
        <source> · %n model call(s) over the network</source>
        <translation>
            <numerusform> · 通过网络调用模型 %n 次</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/adjudication_dialog.cpp" line="119"/>
        <source>, %n replayed from the workspace&apos;s records</source>
        <translation>
            <numerusform>，%n 次从工作区记录重放</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/adjudication_dialog.cpp" line="121"/>
        <source> · request %1</source>
        <translation> · 请求 %1</translation>
    </message>
    <message>
        <location filename="../views/adjudication_dialog.cpp" line="123"/>
        <source>Cancelled: %1</source>
        <translation>已取消：%1</translation>
    </message>
    <message>
        <location filename="../views/adjudication_dialog.cpp" line="123"/>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/adjudication_dialog.cpp" line="126"/>
        <source>Kept: what %n earlier batch(es) recorded; the other ties stand.</source>
        <translation>
            <numerusform>已保留：之前 %n 批记录的内容；其余平局保持不变。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/adjudication_dialog.cpp" line="127"/>
        <source>Nothing was recorded: every tie stands and every earlier decision is kept.</source>
        <translation>未记录任何内容：所有平局保持不变，之前的决定全部保留。</translation>
    </message>
</context>
<context>
    <name>bm::ApproveBlockDialog</name>
    <message>
        <location filename="../views/approve_block_dialog.cpp" line="49"/>
        <source>&amp;Approve</source>
        <translation>批准(&amp;A)</translation>
    </message>
    <message>
        <location filename="../views/approve_block_dialog.cpp" line="51"/>
        <source>Approve Block</source>
        <translation>批准注入块</translation>
    </message>
    <message>
        <location filename="../views/approve_block_dialog.cpp" line="53"/>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <location filename="../views/approve_block_dialog.cpp" line="53"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../views/approve_block_dialog.cpp" line="53"/>
        <source>Approval</source>
        <translation>批准记录</translation>
    </message>
    <message>
        <location filename="../views/approve_block_dialog.cpp" line="53"/>
        <source>What changed</source>
        <translation>变化</translation>
    </message>
    <message>
        <location filename="../views/approve_block_dialog.cpp" line="63"/>
        <source> tokens</source>
        <translation> 个词元</translation>
    </message>
    <message>
        <location filename="../views/approve_block_dialog.cpp" line="72"/>
        <source>Budget:</source>
        <translation>预算：</translation>
    </message>
    <message>
        <location filename="../views/approve_block_dialog.cpp" line="126"/>
        <source>#%1 by %2 at %3</source>
        <translation>#%1，由 %2 于 %3</translation>
    </message>
    <message>
        <location filename="../views/approve_block_dialog.cpp" line="154"/>
        <source>Packing the block of %1…</source>
        <translation>正在打包 %1 的注入块…</translation>
    </message>
    <message>
        <location filename="../views/approve_block_dialog.cpp" line="167"/>
        <source>Nothing to approve: %1</source>
        <translation>无可批准：%1</translation>
    </message>
    <message>
        <location filename="../views/approve_block_dialog.cpp" line="174"/>
        <source>%1 of %2 slots, %3/%4 tokens (%5), digest %6; approving records it with the %7 sessions and %8 decisions it covers.</source>
        <translation>%2 个槽位中的 %1 个，%3/%4 个词元（%5），摘要 %6；批准时会连同它涵盖的 %7 个会话和 %8 个决定一起记录。</translation>
    </message>
    <message>
        <location filename="../views/approve_block_dialog.cpp" line="195"/>
        <source>No block to approve: select a project and wait for its block.</source>
        <translation>没有可批准的注入块：请选择一个项目并等待其注入块生成。</translation>
    </message>
    <message>
        <location filename="../views/approve_block_dialog.cpp" line="204"/>
        <source>Not approved: %1</source>
        <translation>未批准：%1</translation>
    </message>
    <message>
        <location filename="../views/approve_block_dialog.cpp" line="208"/>
        <source>Approved #%1 for %2 (digest %3): the next session of this project is given exactly this block.</source>
        <translation>已为 %2 批准 #%1（摘要 %3）：该项目的下一个会话将得到完全相同的注入块。</translation>
    </message>
</context>
<context>
    <name>bm::CheckpointBrowserPane</name>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="75"/>
        <source>Exact &amp;bytes</source>
        <translation>精确字节(&amp;B)</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="128"/>
        <source>Show the page byte for byte as `beliefmerge recall --depth exact` prints it (canonical JSON, one archived message per line) instead of readable messages</source>
        <translation>按 `beliefmerge recall --depth exact` 的输出逐字节显示本页（规范 JSON，每行一条归档消息），而不是可读的消息</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="73"/>
        <source>◀ &amp;Previous Page</source>
        <translation>◀ 上一页(&amp;P)</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="74"/>
        <source>&amp;Next Page ▶</source>
        <translation>下一页(&amp;N) ▶</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="80"/>
        <source>&amp;Open Store…</source>
        <translation>打开存储(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="81"/>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="82"/>
        <source>E&amp;xport…</source>
        <translation>导出(&amp;X)…</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="83"/>
        <source>Open a checkpoint bundle store (Ctrl+Shift+K)</source>
        <translation>打开检查点包存储（Ctrl+Shift+K）</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="84"/>
        <source>Re-read and re-verify every bundle of the store</source>
        <translation>重新读取并重新校验存储中的每个包</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="85"/>
        <source>Copy the selected bundles verbatim, with a verification report (Ctrl+Shift+X)</source>
        <translation>逐字节复制所选的包，并附校验报告（Ctrl+Shift+X）</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="86"/>
        <source>No checkpoint store open</source>
        <translation>未打开检查点存储</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="95"/>
        <source>Search folded history (words or a &quot;quoted phrase&quot;)…</source>
        <translation>搜索已折叠的历史（词语或&quot;带引号的短语&quot;）…</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="106"/>
        <location filename="../views/checkpoint_browser_pane.cpp" line="143"/>
        <source>Checkpoint</source>
        <translation>检查点</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="106"/>
        <source>Match</source>
        <translation>匹配</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="106"/>
        <source>Offset</source>
        <translation>偏移</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="106"/>
        <location filename="../views/checkpoint_browser_pane.cpp" line="143"/>
        <source>Seq range</source>
        <translation>序号范围</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="106"/>
        <source>Excerpt</source>
        <translation>摘录</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="109"/>
        <source>Newest checkpoint first; Enter or double-click recalls the exact page at the hit</source>
        <translation>最新的检查点在前；按 Enter 或双击可按原样召回命中处的页面</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="122"/>
        <source>Previous exact page (Alt+PgUp)</source>
        <translation>上一原样页（Alt+PgUp）</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="123"/>
        <source>Next exact page (Alt+PgDown)</source>
        <translation>下一原样页（Alt+PgDown）</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="140"/>
        <source>Item</source>
        <translation>条目</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="140"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="140"/>
        <source>Sources</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="143"/>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="143"/>
        <source>Verification</source>
        <translation>校验</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="144"/>
        <source>Exact &amp;recall</source>
        <translation>原样召回(&amp;R)</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="145"/>
        <source>&amp;State</source>
        <translation>状态(&amp;S)</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="146"/>
        <source>&amp;Lineage</source>
        <translation>谱系(&amp;L)</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="191"/>
        <source>Store: %1</source>
        <translation>存储：%1</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="202"/>
        <source>Verifying the bundles of %1…</source>
        <translation>正在校验 %1 中的包…</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="210"/>
        <source>Cannot read the checkpoint store %1: %2</source>
        <translation>无法读取检查点存储 %1：%2</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="217"/>
        <source>Store: %1 — %2 sessions, %3 checkpoints, %4 unavailable</source>
        <translation>存储：%1 — %2 个会话，%3 个检查点，%4 个不可用</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/checkpoint_browser_pane.cpp" line="223"/>
        <source>%n checkpoint(s) of %1 failed verification: shown as unavailable and never served.</source>
        <translation>
            <numerusform>%1 中有 %n 个检查点未通过校验：显示为不可用，绝不提供其内容。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="227"/>
        <source>%1: %2 checkpoints, all verified</source>
        <translation>%1：%2 个检查点，全部通过校验</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="253"/>
        <source>Search failed: %1</source>
        <translation>搜索失败：%1</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/checkpoint_browser_pane.cpp" line="281"/>
        <source>%n hit(s) for “%1”</source>
        <translation>
            <numerusform>“%1”有 %n 个命中</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="337"/>
        <source>Checkpoint %1 is unavailable: it failed verification and is never served.</source>
        <translation>检查点 %1 不可用：未通过校验，绝不提供其内容。</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="339"/>
        <source>Checkpoint %1 is unavailable: %2</source>
        <translation>检查点 %1 不可用：%2</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="354"/>
        <source>Cannot recall %1: %2</source>
        <translation>无法召回 %1：%2</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="367"/>
        <source>Checkpoint %1: messages %2..%3 of %4 (%5 tokens)</source>
        <translation>检查点 %1：第 %2..%3 条消息，共 %4 条（%5 个词元）</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="373"/>
        <source>Skipped: %1</source>
        <translation>已跳过：%1</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="389"/>
        <source>Unavailable</source>
        <translation>不可用</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="394"/>
        <source>Anchors</source>
        <translation>锚点</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="408"/>
        <source>seq %1 · %2%3</source>
        <translation>序号 %1 · %2%3</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="409"/>
        <source> · verified</source>
        <translation> · 已验证</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="414"/>
        <source>Negative knowledge</source>
        <translation>否定知识</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="418"/>
        <source>%1 rejected (%2)</source>
        <translation>已否定 %1（%2）</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="419"/>
        <source>while %1</source>
        <translation>前提：%1</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="420"/>
        <source>because seq %1</source>
        <translation>依据序号 %1</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="423"/>
        <source>Beliefs</source>
        <translation>信念</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="427"/>
        <source>evidence seq %1</source>
        <translation>证据序号 %1</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="448"/>
        <source>verified</source>
        <translation>已校验</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="448"/>
        <source>unavailable</source>
        <translation>不可用</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_browser_pane.cpp" line="276"/>
        <source>Hits in %1 left out: the bundle failed verification and is never served.</source>
        <translation>已略去 %1 中的命中：该包未通过校验，绝不提供其内容。</translation>
    </message>
</context>
<context>
    <name>bm::CheckpointTreeModel</name>
    <message>
        <location filename="../models/checkpoint_tree_model.cpp" line="15"/>
        <source>leaf</source>
        <translation>叶</translation>
    </message>
    <message>
        <location filename="../models/checkpoint_tree_model.cpp" line="16"/>
        <source>root</source>
        <translation>根</translation>
    </message>
    <message>
        <location filename="../models/checkpoint_tree_model.cpp" line="17"/>
        <source>emergency</source>
        <translation>紧急</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/checkpoint_tree_model.cpp" line="75"/>
        <source>%n checkpoint(s)</source>
        <translation>
            <numerusform>%n 个检查点</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/checkpoint_tree_model.cpp" line="87"/>
        <source>Unavailable (never served): %1</source>
        <translation>不可用（绝不提供）：%1</translation>
    </message>
    <message>
        <location filename="../models/checkpoint_tree_model.cpp" line="95"/>
        <source>verified</source>
        <translation>已校验</translation>
    </message>
    <message>
        <location filename="../models/checkpoint_tree_model.cpp" line="96"/>
        <source>unavailable: missing</source>
        <translation>不可用：缺失</translation>
    </message>
    <message>
        <location filename="../models/checkpoint_tree_model.cpp" line="96"/>
        <source>unavailable: corrupt</source>
        <translation>不可用：已损坏</translation>
    </message>
    <message>
        <location filename="../models/checkpoint_tree_model.cpp" line="102"/>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <location filename="../models/checkpoint_tree_model.cpp" line="115"/>
        <source>Session / checkpoint</source>
        <translation>会话 / 检查点</translation>
    </message>
    <message>
        <location filename="../models/checkpoint_tree_model.cpp" line="116"/>
        <source>Mode</source>
        <translation>模式</translation>
    </message>
    <message>
        <location filename="../models/checkpoint_tree_model.cpp" line="117"/>
        <source>Seq range</source>
        <translation>序号范围</translation>
    </message>
    <message>
        <location filename="../models/checkpoint_tree_model.cpp" line="118"/>
        <source>Folded tokens</source>
        <translation>折叠词元</translation>
    </message>
    <message>
        <location filename="../models/checkpoint_tree_model.cpp" line="119"/>
        <source>Surface tokens</source>
        <translation>表面词元</translation>
    </message>
    <message>
        <location filename="../models/checkpoint_tree_model.cpp" line="120"/>
        <source>Created</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <location filename="../models/checkpoint_tree_model.cpp" line="121"/>
        <source>Verification</source>
        <translation>校验</translation>
    </message>
</context>
<context>
    <name>bm::ClaimGraphView</name>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="73"/>
        <source>dispute / contradiction: challenger → winner (no arrow: a tie)</source>
        <translation>争议/矛盾：挑战值 → 胜出值（无箭头：平局）</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="74"/>
        <source>supersession: superseded value → current value</source>
        <translation>取代：被取代的值 → 当前值</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="75"/>
        <source>a value of this slot</source>
        <translation>此槽位的一个值</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="89"/>
        <source>derivation</source>
        <translation>推导</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="90"/>
        <source>dispute / contradiction</source>
        <translation>争议/矛盾</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="91"/>
        <source>supersession</source>
        <translation>取代</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="95"/>
        <source>badge: trust T trusted, E external, U untrusted</source>
        <translation>徽标：信任 T 可信、E 外部、U 不可信</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="159"/>
        <source>Find a slot…</source>
        <translation>查找槽位…</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="162"/>
        <source>Find a slot by key or value over the whole workspace (Enter; F3 / Shift+F3 for next/previous)</source>
        <translation>按键或值在整个工作区中查找槽位（回车；F3 / Shift+F3 下一个/上一个）</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="171"/>
        <source>Focus</source>
        <translation>聚焦</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="172"/>
        <source>Show only the selected slot&apos;s derivation neighbourhood</source>
        <translation>只显示所选槽位的推导邻域</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="178"/>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="178"/>
        <source>Fit the whole graph in view</source>
        <translation>将整个图缩放到视图内</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="179"/>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="180"/>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="430"/>
        <source>Laying out…</source>
        <translation>正在布局…</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="72"/>
        <source>derivation: premise → conclusion</source>
        <translation>推导：前提 → 结论</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="552"/>
        <source>%1 — %2, trust %3</source>
        <translation>%1 — %2，信任 %3</translation>
    </message>
    <message>
        <location filename="../views/graph_layout.cpp" line="317"/>
        <source>The Graphviz dot layout failed; the graph cannot be drawn.</source>
        <translation>Graphviz dot 布局失败；无法绘制图。</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="223"/>
        <source>States</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="223"/>
        <source>Slot states to draw</source>
        <translation>要绘制的槽位状态</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="228"/>
        <source>Trust</source>
        <translation>信任</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="228"/>
        <source>Trust labels to draw</source>
        <translation>要绘制的信任标签</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="233"/>
        <source>Draw only slots with a claim at least this sure</source>
        <translation>只绘制至少有一条声明达到此置信度的槽位</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="234"/>
        <source>Any confidence</source>
        <translation>任意置信度</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="235"/>
        <source>Confidence ≥ %1</source>
        <translation>置信度 ≥ %1</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="240"/>
        <source>Draw only slots with a claim from this session</source>
        <translation>只绘制有来自此会话的声明的槽位</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="243"/>
        <location filename="../views/claim_graph_view.cpp" line="258"/>
        <source>All sessions</source>
        <translation>所有会话</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="247"/>
        <source>Collapse All</source>
        <translation>全部折叠</translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="248"/>
        <source>Close every open cluster (Backspace closes the one around the selection)</source>
        <translation>关闭所有展开的簇（退格键关闭选中项所在的簇）</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/claim_graph_view.cpp" line="475"/>
        <source>%n slot(s) drawn</source>
        <translation>
            <numerusform>已绘制 %n 个槽位</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/claim_graph_view.cpp" line="491"/>
        <source>%n slot(s) folded into %1 cluster(s) (click or Enter to expand)</source>
        <translation>
            <numerusform>%n 个槽位折叠在 %1 个簇中（单击或回车展开）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/claim_graph_view.cpp" line="492"/>
        <source>%n cluster(s) left closed: too many nodes (collapse another first)</source>
        <translation>
            <numerusform>%n 个簇保持折叠：节点过多（请先折叠其他簇）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/claim_graph_view.cpp" line="493"/>
        <source>%n slot(s) hidden by the filters</source>
        <translation>
            <numerusform>%n 个槽位被筛选条件隐藏</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/claim_graph_view.cpp" line="494"/>
        <source>%n per-run environment fact(s) hidden (View menu)</source>
        <translation>
            <numerusform>已隐藏 %n 条单次运行环境事实（视图菜单）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/claim_graph_view.cpp" line="512"/>
        <source>Open cluster %1: click or Backspace to collapse it</source>
        <translation>已展开的簇 %1：单击或按退格键折叠</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/claim_graph_view.cpp" line="550"/>
        <source>Cluster %1: %n slot(s) whose keys start with it (click or Enter to expand)</source>
        <translation>
            <numerusform>簇 %1：%n 个键以此开头的槽位（单击或回车展开）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/graph_layout.cpp" line="68"/>
        <source>%n slot(s)</source>
        <translation>
            <numerusform>%n 个槽位</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/graph_layout.cpp" line="70"/>
        <source>%n to review</source>
        <translation>
            <numerusform>%n 个待审阅</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/graph_layout.cpp" line="79"/>
        <source>%1… (%n slot(s); click here or Backspace to collapse)</source>
        <translation>
            <numerusform>%1…（%n 个槽位；单击此处或按退格键折叠）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>bm::ConfidenceText</name>
    <message>
        <location filename="../models/confidence_text.cpp" line="17"/>
        <source>Not made by a heuristic rule: read from the log&apos;s annotations (oracle) or by a model</source>
        <translation>并非启发式规则所得：读自日志的标注（标注提取器）或由模型给出</translation>
    </message>
    <message>
        <location filename="../models/confidence_text.cpp" line="20"/>
        <source>Extraction rule %1</source>
        <translation>提取规则 %1</translation>
    </message>
    <message>
        <location filename="../models/confidence_text.cpp" line="23"/>
        <source>Confidence %1: the rule&apos;s measured or judged precision (docs/extract.md). Claims under %2 are hidden unless View &gt; Show Low-Confidence Claims is on.</source>
        <translation>置信度 %1：该规则经测量或评估的精确率（docs/extract.md）。低于 %2 的断言会被隐藏，除非勾选“视图 &gt; 显示低置信度断言”。</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/confidence_text.cpp" line="31"/>
        <source>%n slot(s)</source>
        <translation>
            <numerusform>%n 个槽位</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/confidence_text.cpp" line="33"/>
        <source>%n low-confidence claim(s) hidden (they would add %1; View menu)</source>
        <translation>
            <numerusform>已隐藏 %n 条低置信度断言（显示后将新增 %1；视图菜单）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/confidence_text.cpp" line="36"/>
        <source>%n low-confidence claim(s) shown (on %1; View menu)</source>
        <translation>
            <numerusform>已显示 %n 条低置信度断言（分布于 %1；视图菜单）</numerusform>
        </translation>
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
    <name>bm::DisplayNames</name>
    <message>
        <location filename="../models/display_names.cpp" line="44"/>
        <source>Session id: %1</source>
        <translation>会话 ID：%1</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="45"/>
        <source>File: %1</source>
        <translation>文件：%1</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="46"/>
        <source>First user line: %1</source>
        <translation>首条用户消息：%1</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="52"/>
        <source>trusted</source>
        <translation>可信</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="53"/>
        <source>external</source>
        <translation>外部</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="54"/>
        <source>untrusted</source>
        <translation>不可信</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="61"/>
        <source>speculative</source>
        <translation>推测</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="62"/>
        <source>inferred</source>
        <translation>推断</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="63"/>
        <source>tool-verified</source>
        <translation>工具验证</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="64"/>
        <source>user-stated</source>
        <translation>用户陈述</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="71"/>
        <source>fact</source>
        <translation>事实</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="72"/>
        <source>decision</source>
        <translation>决定</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="73"/>
        <source>constraint</source>
        <translation>约束</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="74"/>
        <source>refuted</source>
        <translation>已驳斥</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="75"/>
        <source>goal</source>
        <translation>目标</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="76"/>
        <source>open question</source>
        <translation>未决问题</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="77"/>
        <source>artifact</source>
        <translation>产物</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="83"/>
        <source>user</source>
        <translation>用户</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="84"/>
        <source>assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="85"/>
        <source>tool</source>
        <translation>工具</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="86"/>
        <source>system</source>
        <translation>系统</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="87"/>
        <source>developer</source>
        <translation>开发者</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="93"/>
        <source>choose %1</source>
        <translation>选择 %1</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="94"/>
        <source>both</source>
        <translation>两者皆成立</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="95"/>
        <source>conditional (guard: %1)</source>
        <translation>有条件（条件：%1）</translation>
    </message>
    <message>
        <location filename="../models/display_names.cpp" line="96"/>
        <location filename="../models/display_names.cpp" line="98"/>
        <source>unresolvable</source>
        <translation>无法解决</translation>
    </message>
</context>
<context>
    <name>bm::DisputesPane</name>
    <message>
        <location filename="../views/disputes_pane.cpp" line="58"/>
        <source>J/K next/previous · A accept · O overrule to the value selected in the inspector · B both · C conditional (guard) · U unresolvable</source>
        <translation>J/K 下一个/上一个 · A 接受 · O 改判为检查器中所选的值 · B 两者皆成立 · C 有条件（需条件） · U 无法裁决</translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="61"/>
        <source>Needs review (disputed and contested)</source>
        <translation>待审阅（争议与有异议）</translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="62"/>
        <source>Disputed</source>
        <translation>争议</translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="63"/>
        <source>Contested</source>
        <translation>有异议</translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="64"/>
        <source>All slots</source>
        <translation>全部槽位</translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="74"/>
        <source>Filter by slot or value…</source>
        <translation>按槽位或值筛选…</translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="84"/>
        <source>Reason (optional)</source>
        <translation>理由（可选）</translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="86"/>
        <source>Guard for a conditional decision, e.g. “in staging”</source>
        <translation>有条件裁决的条件，例如“在预发布环境中”</translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="104"/>
        <source>Rea&amp;son:</source>
        <translation>理由(&amp;S)：</translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="105"/>
        <source>G&amp;uard:</source>
        <translation>条件(&amp;U)：</translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="123"/>
        <location filename="../views/disputes_pane.cpp" line="189"/>
        <source>Deciding on: nothing selected</source>
        <translation>决定对象：未选择</translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="124"/>
        <source>The review keys act on this slot: the one shown in the slot inspector</source>
        <translation>审阅按键作用于此槽位：即槽位检查器中显示的槽位</translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="143"/>
        <source>No slots yet: open session logs with File ▸ Open Logs… (Ctrl+O).</source>
        <translation>尚无槽位：请用“文件 ▸ 打开日志…”（Ctrl+O）打开会话日志。</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/disputes_pane.cpp" line="151"/>
        <source>The %n session(s) loaded gave no slot.</source>
        <translation>
            <numerusform>已载入的 %n 个会话未产生任何槽位。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="145"/>
        <source>No slot here matches “%1”. &lt;a href=&quot;clear-filter&quot;&gt;Clear the filter&lt;/a&gt;</source>
        <translation>没有与“%1”匹配的槽位。&lt;a href=&quot;clear-filter&quot;&gt;清除筛选&lt;/a&gt;</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/disputes_pane.cpp" line="149"/>
        <source>No slot of the %n is disputed.</source>
        <translation>
            <numerusform>%n 个槽位中没有争议槽位。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/disputes_pane.cpp" line="150"/>
        <source>No slot of the %n is contested.</source>
        <translation>
            <numerusform>%n 个槽位中没有有异议的槽位。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/disputes_pane.cpp" line="151"/>
        <source>Nothing needs review: no slot of the %n is disputed or contested.</source>
        <translation>
            <numerusform>无需审阅：%n 个槽位中没有争议或有异议的槽位。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="152"/>
        <source>Show all slots</source>
        <translation>显示全部槽位</translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="190"/>
        <source>Deciding on: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>决定对象：&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../views/disputes_pane.cpp" line="106"/>
        <source>&lt;b&gt;J&lt;/b&gt;/&lt;b&gt;K&lt;/b&gt; next/previous · &lt;b&gt;A&lt;/b&gt; accept · &lt;b&gt;O&lt;/b&gt; overrule to the selected value · &lt;b&gt;B&lt;/b&gt; both · &lt;b&gt;C&lt;/b&gt; conditional · &lt;b&gt;U&lt;/b&gt; unresolvable</source>
        <translation>&lt;b&gt;J&lt;/b&gt;/&lt;b&gt;K&lt;/b&gt; 下一个/上一个 · &lt;b&gt;A&lt;/b&gt; 接受 · &lt;b&gt;O&lt;/b&gt; 改判为所选值 · &lt;b&gt;B&lt;/b&gt; 两者皆成立 · &lt;b&gt;C&lt;/b&gt; 有条件 · &lt;b&gt;U&lt;/b&gt; 无法裁决</translation>
    </message>
</context>
<context>
    <name>bm::FoldDialog</name>
    <message>
        <location filename="../views/fold_dialog.cpp" line="35"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location filename="../views/fold_dialog.cpp" line="55"/>
        <source>&amp;Fold</source>
        <translation>折叠(&amp;F)</translation>
    </message>
    <message>
        <location filename="../views/fold_dialog.cpp" line="62"/>
        <source>Fold Session</source>
        <translation>折叠会话</translation>
    </message>
    <message>
        <location filename="../views/fold_dialog.cpp" line="66"/>
        <source>every session of the log</source>
        <translation>日志中的每个会话</translation>
    </message>
    <message>
        <location filename="../views/fold_dialog.cpp" line="69"/>
        <source>leaf: fold the oldest messages into checkpoints, keeping the retained tail;
root: leaf folds, then rebase the frozen prefix into one checkpoint;
emergency: fold every live message (no retained tail)</source>
        <translation>叶：把最早的消息折叠为检查点，保留末尾部分；
根：先做叶折叠，再把冻结前缀重定为一个检查点；
紧急：折叠所有活动消息（不保留末尾）</translation>
    </message>
    <message>
        <location filename="../views/fold_dialog.cpp" line="75"/>
        <source> tokens</source>
        <translation> 个词元</translation>
    </message>
    <message>
        <location filename="../views/fold_dialog.cpp" line="76"/>
        <source>Recent tail kept unfolded (beliefmerge fold --retain-tokens)</source>
        <translation>不折叠的最近部分（beliefmerge fold --retain-tokens）</translation>
    </message>
    <message>
        <location filename="../views/fold_dialog.cpp" line="78"/>
        <source>Session &amp;log:</source>
        <translation>会话日志(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../views/fold_dialog.cpp" line="79"/>
        <source>Session Log to Fold</source>
        <translation>要折叠的会话日志</translation>
    </message>
    <message>
        <location filename="../views/fold_dialog.cpp" line="81"/>
        <source>S&amp;ession:</source>
        <translation>会话(&amp;E)：</translation>
    </message>
    <message>
        <location filename="../views/fold_dialog.cpp" line="82"/>
        <source>&amp;Checkpoint store:</source>
        <translation>检查点存储(&amp;C)：</translation>
    </message>
    <message>
        <location filename="../views/fold_dialog.cpp" line="83"/>
        <source>Checkpoint Store</source>
        <translation>检查点存储</translation>
    </message>
    <message>
        <location filename="../views/fold_dialog.cpp" line="85"/>
        <source>&amp;Mode:</source>
        <translation>模式(&amp;M)：</translation>
    </message>
    <message>
        <location filename="../views/fold_dialog.cpp" line="86"/>
        <source>&amp;Retained tokens:</source>
        <translation>保留词元(&amp;R)：</translation>
    </message>
    <message>
        <location filename="../views/fold_dialog.cpp" line="93"/>
        <source>Publish each checkpoint durably (fsync, atomic rename, read-back verify), as the CLI does</source>
        <translation>与命令行一样持久地发布每个检查点（fsync、原子重命名、回读校验）</translation>
    </message>
    <message>
        <location filename="../views/fold_dialog.cpp" line="104"/>
        <source>%1 checkpoints · surface %2 tokens</source>
        <translation>%1 个检查点 · 表面 %2 个词元</translation>
    </message>
    <message>
        <location filename="../views/fold_dialog.cpp" line="128"/>
        <source>Cancelling after the checkpoint being published…</source>
        <translation>正在发布的检查点完成后取消…</translation>
    </message>
    <message>
        <location filename="../views/fold_dialog.cpp" line="134"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../views/fold_dialog.cpp" line="134"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location filename="../views/fold_dialog.cpp" line="144"/>
        <source>Choose a session log and a checkpoint store directory.</source>
        <translation>请选择会话日志和检查点存储目录。</translation>
    </message>
    <message>
        <location filename="../views/fold_dialog.cpp" line="179"/>
        <source>Session %1: %2 messages, %3 → %4 tokens, %5 checkpoints (%6)</source>
        <translation>会话 %1：%2 条消息，%3 → %4 个词元，%5 个检查点（%6）</translation>
    </message>
    <message>
        <location filename="../views/fold_dialog.cpp" line="186"/>
        <source>A root fold is recommended.</source>
        <translation>建议进行根折叠。</translation>
    </message>
    <message>
        <location filename="../views/fold_dialog.cpp" line="188"/>
        <source>Cancelled: the checkpoints published before the cancel are kept.</source>
        <translation>已取消：取消前已发布的检查点均保留。</translation>
    </message>
</context>
<context>
    <name>bm::FoldJob</name>
    <message>
        <location filename="../views/checkpoint_jobs.cpp" line="31"/>
        <source>%1: no session log found</source>
        <translation>%1：未找到会话日志</translation>
    </message>
    <message>
        <location filename="../views/checkpoint_jobs.cpp" line="71"/>
        <source>%1 holds no session %2</source>
        <translation>%1 中没有会话 %2</translation>
    </message>
</context>
<context>
    <name>bm::MainWindow</name>
    <message>
        <location filename="../views/main_window.cpp" line="121"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="122"/>
        <source>Stop loading (Esc)</source>
        <translation>停止加载（Esc）</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="134"/>
        <source>Workspace: %1</source>
        <translation>工作区：%1</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="150"/>
        <source>Message %1 of session %2 is not in the workspace</source>
        <translation>会话 %2 的消息 %1 不在工作区中</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="159"/>
        <source>Exported to %1</source>
        <translation>已导出到 %1</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="184"/>
        <source>Workspace</source>
        <translation>工作区</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="183"/>
        <source>Disputes</source>
        <translation>争议</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="185"/>
        <source>Slot inspector</source>
        <translation>槽位检查器</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="186"/>
        <source>Derivation chain</source>
        <translation>推导链</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="188"/>
        <source>Pack preview</source>
        <translation>打包预览</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="187"/>
        <source>Transcript</source>
        <translation>对话记录</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="139"/>
        <source>Reason kept for the decision on %1: press A, O, B, C or U to save it.</source>
        <translation>已保留对 %1 的决定理由：按 A、O、B、C 或 U 保存。</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="189"/>
        <source>Load messages</source>
        <translation>加载消息</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="206"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="207"/>
        <source>&amp;Open Logs…</source>
        <translation>打开日志(&amp;O)…</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="208"/>
        <source>Open &amp;Folder…</source>
        <translation>打开文件夹(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="209"/>
        <source>Open &amp;Workspace…</source>
        <translation>打开工作区(&amp;W)…</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="210"/>
        <source>&amp;Recent Workspaces</source>
        <translation>最近的工作区(&amp;R)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="213"/>
        <source>&amp;Export Block…</source>
        <translation>导出上下文块(&amp;E)…</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="214"/>
        <source>&amp;Copy Block to Clipboard</source>
        <translation>复制上下文块到剪贴板(&amp;C)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="220"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="222"/>
        <source>&amp;Review</source>
        <translation>审阅(&amp;R)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="228"/>
        <source>&amp;Accept (A)</source>
        <translation>接受(&amp;A)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="229"/>
        <source>&amp;Overrule to the Selected Value (O)</source>
        <translation>改判为所选值(&amp;O)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="230"/>
        <source>&amp;Both Hold (B)</source>
        <translation>两者皆成立(&amp;B)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="231"/>
        <source>&amp;Conditional (C)</source>
        <translation>有条件(&amp;C)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="232"/>
        <source>&amp;Unresolvable (U)</source>
        <translation>无法裁决(&amp;U)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="234"/>
        <source>&amp;Undo Last Decision</source>
        <translation>撤销上一个决定(&amp;U)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="236"/>
        <source>&amp;Revoke Decision</source>
        <translation>撤回决定(&amp;R)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="238"/>
        <source>Withdraw the reviewer&apos;s decision on the selected slot (recorded, never deleted)</source>
        <translation>撤回审阅者对所选槽位的决定（记录在案，从不删除）</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="240"/>
        <source>Approve &amp;Block…</source>
        <translation>批准注入块(&amp;B)…</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="242"/>
        <source>Approve a project&apos;s packed block for injection into its next agent session</source>
        <translation>批准某个项目的打包块，注入到它的下一个智能体会话</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="244"/>
        <source>Go to the Disputes &amp;Queue</source>
        <translation>转到争议队列(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="249"/>
        <source>&amp;Graph</source>
        <translation>图(&amp;G)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="250"/>
        <source>&amp;Find Slot…</source>
        <translation>查找槽位(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="254"/>
        <source>Find &amp;Next</source>
        <translation>查找下一个(&amp;N)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="256"/>
        <source>Find Pre&amp;vious</source>
        <translation>查找上一个(&amp;V)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="258"/>
        <source>&amp;Fit</source>
        <translation>适应窗口(&amp;F)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="259"/>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="260"/>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="261"/>
        <source>Focus on &amp;Selection</source>
        <translation>聚焦所选(&amp;S)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="265"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="266"/>
        <source>&amp;Oracle Extractor (native JSONL annotations)</source>
        <translation>标注提取器（原生 JSONL 标注）(&amp;O)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="271"/>
        <source>Read claims from the annotations of BeliefMerge native JSONL logs instead of the heuristic extractor</source>
        <translation>从 BeliefMerge 原生 JSONL 日志的标注中读取断言，而不使用启发式提取器</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="272"/>
        <source>Show &amp;Low-Confidence Claims</source>
        <translation>显示低置信度断言(&amp;L)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="277"/>
        <source>Also show claims of extraction rules less sure than %1 (rules that are off by default; docs/extract.md)</source>
        <translation>同时显示置信度低于 %1 的提取规则所得的断言（默认关闭的规则；docs/extract.md）</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="279"/>
        <source>&amp;Per-Run Environment Facts (env.session.*)</source>
        <translation>单次运行环境事实(&amp;P)（env.session.*）</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="285"/>
        <source>Facts of single runs (turn errors, durations, ids) are hidden from the graph and the queue unless shown</source>
        <translation>单次运行的事实（轮次错误、时长、ID）默认不在图和队列中显示</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="286"/>
        <source>&amp;Current Session</source>
        <translation>当前会话(&amp;C)</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="296"/>
        <source>Cancel loading</source>
        <translation>取消加载</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="355"/>
        <source>Extractor: %1 · current session: %2</source>
        <translation>提取器：%1 · 当前会话：%2</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="355"/>
        <source>oracle</source>
        <translation>标注</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="355"/>
        <source>heuristic</source>
        <translation>启发式</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="352"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="372"/>
        <source>None (no user is TRUSTED)</source>
        <translation>无（没有用户为可信）</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="377"/>
        <source>%1 (not in this workspace)</source>
        <translation>%1（不在此工作区中）</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="90"/>
        <location filename="../views/main_window.cpp" line="387"/>
        <source>BeliefMerge Studio — %1</source>
        <translation>BeliefMerge 工作室 — %1</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="356"/>
        <location filename="../views/main_window.cpp" line="366"/>
        <source>Session id: %1</source>
        <translation>会话 ID：%1</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="394"/>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="410"/>
        <source>Cannot read the workspace</source>
        <translation>无法读取工作区</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="411"/>
        <source>The workspace %1 cannot be read.</source>
        <translation>无法读取工作区 %1。</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="413"/>
        <source>The logs you opened were not imported.</source>
        <translation>您打开的日志未被导入。</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="414"/>
        <source>Open or create another workspace (File &gt; Open Workspace…).</source>
        <translation>请打开或创建另一个工作区（文件 &gt; 打开工作区…）。</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="418"/>
        <source>Cannot read the workspace: %1</source>
        <translation>无法读取工作区：%1</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/main_window.cpp" line="426"/>
        <source>%n error(s) while loading; first: %1</source>
        <translation>
            <numerusform>加载时出现 %n 个错误；第一个：%1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="427"/>
        <source>Show all</source>
        <translation>全部显示</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="446"/>
        <source>Reading the workspace…</source>
        <translation>正在读取工作区…</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/main_window.cpp" line="446"/>
        <source>Importing %n path(s)…</source>
        <translation>
            <numerusform>正在导入 %n 个路径…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="465"/>
        <source>%1 (%2 of %3)…</source>
        <translation>%1（%2/%3）…</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="480"/>
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="481"/>
        <location filename="../views/main_window_model.cpp" line="172"/>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/main_window.cpp" line="487"/>
        <source>Loading cancelled after %n file(s)</source>
        <translation>
            <numerusform>已在 %n 个文件后取消加载</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/main_window.cpp" line="492"/>
        <source>%n session(s), %1 slots, %2 to review; %3 errors, %4 warnings</source>
        <translation>
            <numerusform>%n 个会话，%1 个槽位，%2 个待审阅；%3 个错误，%4 个警告</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="501"/>
        <source>Loading failed: %1</source>
        <translation>加载失败：%1</translation>
    </message>
    <message>
        <location filename="../views/main_window_review.cpp" line="23"/>
        <source>Select a slot first.</source>
        <translation>请先选择一个槽位。</translation>
    </message>
    <message>
        <location filename="../views/main_window_review.cpp" line="29"/>
        <source>Not saved: the inspector and the queue disagree on the slot; select it again.</source>
        <translation>未保存：检查器与队列所指槽位不一致；请重新选择。</translation>
    </message>
    <message>
        <location filename="../views/main_window_review.cpp" line="42"/>
        <source>Select the value to overrule to in the slot inspector first.</source>
        <translation>请先在槽位检查器中选择要改判的值。</translation>
    </message>
    <message>
        <location filename="../views/main_window_review.cpp" line="49"/>
        <source>A conditional decision needs a guard: type it in the Guard field.</source>
        <translation>有条件裁决需要条件：请在“条件”栏中输入。</translation>
    </message>
    <message>
        <location filename="../views/main_window_review.cpp" line="59"/>
        <source>Nothing to accept: no model resolution and no winner. Overrule instead (O, B, C or U).</source>
        <translation>没有可接受的内容：既无模型裁决也无胜出值。请改判（O、B、C 或 U）。</translation>
    </message>
    <message>
        <location filename="../views/main_window_review.cpp" line="66"/>
        <source>Saving the decision on %1…</source>
        <translation>正在保存对 %1 的裁决…</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/main_window_review.cpp" line="83"/>
        <source>No slot matches “%1” (searched all %n slot(s))</source>
        <translation>
            <numerusform>没有槽位匹配“%1”（已搜索全部 %n 个槽位）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/main_window_review.cpp" line="87"/>
        <source>Match %1 of %2 for “%3”: %4</source>
        <translation>“%3”的第 %1 个匹配（共 %2 个）：%4</translation>
    </message>
    <message>
        <location filename="../views/main_window_review.cpp" line="88"/>
        <source> (not drawn in the graph; shown in the inspector)</source>
        <translation>（图中未绘制；已在检查器中显示）</translation>
    </message>
    <message>
        <location filename="../views/main_window_review.cpp" line="104"/>
        <source>Nothing to undo: no decision saved in this window is still in force.</source>
        <translation>无可撤销：本窗口保存的决定均已不再生效。</translation>
    </message>
    <message>
        <location filename="../views/main_window_review.cpp" line="110"/>
        <source>No reviewer&apos;s decision applies to %1: nothing to revoke.</source>
        <translation>%1 上没有生效的审阅者决定：无可撤回。</translation>
    </message>
    <message>
        <location filename="../views/main_window_review.cpp" line="119"/>
        <source>Slot %1 is no longer in the workspace: nothing to revoke.</source>
        <translation>槽位 %1 已不在工作区中：无可撤回。</translation>
    </message>
    <message>
        <location filename="../views/main_window_review.cpp" line="129"/>
        <source>Revoking decision %1 on %2…</source>
        <translation>正在撤回 %2 上的决定 %1…</translation>
    </message>
    <message>
        <location filename="../views/main_window_review.cpp" line="155"/>
        <source>Decision not saved: %1</source>
        <translation>裁决未保存：%1</translation>
    </message>
    <message>
        <location filename="../views/main_window_review.cpp" line="160"/>
        <source>Decision saved, but the decisions could not be re-read: %1</source>
        <translation>裁决已保存，但无法重新读取裁决：%1</translation>
    </message>
    <message>
        <location filename="../views/main_window_review.cpp" line="169"/>
        <source>Decision revoked on %1; it now resolves to: %2</source>
        <translation>已撤回 %1 上的决定；现在的结果：%2</translation>
    </message>
    <message>
        <location filename="../views/main_window_review.cpp" line="171"/>
        <source>as merged (no decision)</source>
        <translation>按合并结果（无决定）</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/main_window_review.cpp" line="177"/>
        <source>Decision saved: %1 → %2. %n slot(s) to review</source>
        <translation>
            <numerusform>决定已保存：%1 → %2。还有 %n 个槽位待审阅</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/main_window_review.cpp" line="179"/>
        <source>; next: %1</source>
        <translation>；下一个：%1</translation>
    </message>
    <message>
        <location filename="../views/main_window_dialogs.cpp" line="15"/>
        <source>Open session logs</source>
        <translation>打开会话日志</translation>
    </message>
    <message>
        <location filename="../views/main_window_dialogs.cpp" line="16"/>
        <source>Session logs (*.jsonl *.json *.traj *.zstd *.zst);;All files (*)</source>
        <translation>会话日志 (*.jsonl *.json *.traj *.zstd *.zst);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../views/main_window_dialogs.cpp" line="23"/>
        <source>Open a folder of session logs</source>
        <translation>打开会话日志文件夹</translation>
    </message>
    <message>
        <location filename="../views/main_window_dialogs.cpp" line="28"/>
        <source>Open or create a workspace</source>
        <translation>打开或新建工作区</translation>
    </message>
    <message>
        <location filename="../views/main_window_dialogs.cpp" line="29"/>
        <source>BeliefMerge workspaces (*.bmws);;All files (*)</source>
        <translation>BeliefMerge 工作区 (*.bmws);;所有文件 (*)</translation>
    </message>
    <message>
        <location filename="../views/main_window_dialogs.cpp" line="39"/>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <location filename="../views/main_window_dialogs.cpp" line="42"/>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <location filename="../views/main_window_dialogs.cpp" line="43"/>
        <source>DSH user message (*.json)</source>
        <translation>DSH 用户消息 (*.json)</translation>
    </message>
    <message>
        <location filename="../views/main_window_dialogs.cpp" line="47"/>
        <source>Export the packed block</source>
        <translation>导出打包的上下文块</translation>
    </message>
    <message>
        <location filename="../views/main_window_dialogs.cpp" line="54"/>
        <source>Export failed: %1</source>
        <translation>导出失败：%1</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="73"/>
        <source>&amp;Next Slot (J)</source>
        <translation>下一个槽位(&amp;N) (J)</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="78"/>
        <source>&amp;Previous Slot (K)</source>
        <translation>上一个槽位(&amp;P) (K)</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="82"/>
        <source>Pick the Value in the &amp;Inspector</source>
        <translation>在检查器中选择值(&amp;I)</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="84"/>
        <source>Go to the &amp;Graph</source>
        <translation>转到图(&amp;G)</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="85"/>
        <source>Next &amp;Pane</source>
        <translation>下一个窗格(&amp;P)</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="87"/>
        <source>Previous Pa&amp;ne</source>
        <translation>上一个窗格(&amp;N)</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="90"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="91"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="109"/>
        <source>In the disputes queue and the slot inspector</source>
        <translation>在争议队列和槽位检查器中</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="110"/>
        <source>J / K</source>
        <translation>J / K</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="110"/>
        <source>next / previous slot of the queue</source>
        <translation>队列中的下一个/上一个槽位</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="111"/>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="111"/>
        <source>accept the model&apos;s resolution</source>
        <translation>接受模型的裁决</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="112"/>
        <source>O</source>
        <translation>O</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="112"/>
        <source>overrule to the value selected in the inspector</source>
        <translation>改判为检查器中所选的值</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="113"/>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="113"/>
        <source>both values hold</source>
        <translation>两个值都成立</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="114"/>
        <source>C</source>
        <translation>C</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="114"/>
        <source>conditional: asks for the guard first (Alt+U), Enter saves</source>
        <translation>有条件：先询问条件（Alt+U），回车保存</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="115"/>
        <source>U</source>
        <translation>U</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="115"/>
        <source>unresolvable</source>
        <translation>无法解决</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="116"/>
        <source>Alt+S</source>
        <translation>Alt+S</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="116"/>
        <source>type the reason; Enter returns to the queue</source>
        <translation>输入理由；回车返回队列</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="117"/>
        <source>Esc</source>
        <translation>Esc</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="117"/>
        <source>cancel loading</source>
        <translation>取消加载</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="130"/>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location filename="../views/main_window_checkpoints.cpp" line="33"/>
        <source>Checkpoints</source>
        <translation>检查点</translation>
    </message>
    <message>
        <location filename="../views/main_window_checkpoints.cpp" line="45"/>
        <source>Open C&amp;heckpoint Store…</source>
        <translation>打开检查点存储(&amp;H)…</translation>
    </message>
    <message>
        <location filename="../views/main_window_checkpoints.cpp" line="48"/>
        <source>E&amp;xport Checkpoints…</source>
        <translation>导出检查点(&amp;X)…</translation>
    </message>
    <message>
        <location filename="../views/main_window_checkpoints.cpp" line="51"/>
        <source>Copy the checkpoints selected in the Checkpoints pane verbatim, with a verification report</source>
        <translation>逐字节复制“检查点”窗格中所选的检查点，并附校验报告</translation>
    </message>
    <message>
        <location filename="../views/main_window_checkpoints.cpp" line="53"/>
        <source>&amp;Session</source>
        <translation>会话(&amp;S)</translation>
    </message>
    <message>
        <location filename="../views/main_window_checkpoints.cpp" line="54"/>
        <source>&amp;Fold…</source>
        <translation>折叠(&amp;F)…</translation>
    </message>
    <message>
        <location filename="../views/main_window_checkpoints.cpp" line="57"/>
        <source>Fold a session log into checkpoint bundles (leaf, root or emergency), as `beliefmerge fold` does</source>
        <translation>与 `beliefmerge fold` 一样把会话日志折叠为检查点包（叶、根或紧急）</translation>
    </message>
    <message>
        <location filename="../views/main_window_checkpoints.cpp" line="58"/>
        <source>Show &amp;Checkpoints</source>
        <translation>显示检查点(&amp;C)</translation>
    </message>
    <message>
        <location filename="../views/main_window_checkpoints.cpp" line="61"/>
        <source>The selected workspace session&apos;s folds in the open checkpoint store</source>
        <translation>所选工作区会话在已打开检查点存储中的折叠</translation>
    </message>
    <message>
        <location filename="../views/main_window_checkpoints.cpp" line="105"/>
        <source>Open Checkpoint Store</source>
        <translation>打开检查点存储</translation>
    </message>
    <message>
        <location filename="../views/main_window_checkpoints.cpp" line="140"/>
        <source>The fold did not complete: see the Fold dialog.</source>
        <translation>折叠未完成：请查看“折叠”对话框。</translation>
    </message>
    <message>
        <location filename="../views/main_window_checkpoints.cpp" line="143"/>
        <source>Folded into %1</source>
        <translation>已折叠到 %1</translation>
    </message>
    <message>
        <location filename="../views/main_window_checkpoints.cpp" line="163"/>
        <location filename="../views/main_window_checkpoints.cpp" line="173"/>
        <source>Select the checkpoints (or sessions) to export in the Checkpoints pane first.</source>
        <translation>请先在“检查点”窗格中选择要导出的检查点（或会话）。</translation>
    </message>
    <message>
        <location filename="../views/main_window_checkpoints.cpp" line="166"/>
        <source>Export Checkpoints To</source>
        <translation>导出检查点到</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/main_window_checkpoints.cpp" line="180"/>
        <source>Exporting %n checkpoint(s) to %1…</source>
        <translation>
            <numerusform>正在把 %n 个检查点导出到 %1…</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/main_window_checkpoints.cpp" line="194"/>
        <source>Exported %1 of %2 checkpoints to %3; %4 refused (not verified or not written). Report: %5</source>
        <translation>已将 %2 个检查点中的 %1 个导出到 %3；%4 个被拒绝（未通过校验或未写入）。报告：%5</translation>
    </message>
    <message>
        <location filename="../views/main_window_checkpoints.cpp" line="201"/>
        <source>The checkpoints were exported, but the verification report could not be written: %1</source>
        <translation>检查点已导出，但无法写入校验报告：%1</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="355"/>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../views/main_window.cpp" line="485"/>
        <source>The model extractor failed (%1): the heuristic extractor&apos;s claims are shown.</source>
        <translation>模型提取器失败（%1）：现在显示的是启发式提取器的断言。</translation>
    </message>
    <message>
        <location filename="../views/main_window_model.cpp" line="29"/>
        <source>&amp;Model Settings…</source>
        <translation>模型设置(&amp;M)…</translation>
    </message>
    <message>
        <location filename="../views/main_window_model.cpp" line="32"/>
        <source>Endpoint, model and timeout of the model; the API key from %1 or the desktop keyring</source>
        <translation>模型的端点、名称和超时；API 密钥来自 %1 或桌面密钥环</translation>
    </message>
    <message>
        <location filename="../views/main_window_model.cpp" line="38"/>
        <source>Ad&amp;judicate Selected Slot</source>
        <translation>裁决所选槽位(&amp;J)</translation>
    </message>
    <message>
        <location filename="../views/main_window_model.cpp" line="41"/>
        <source>Ask the model to settle the selected disputed slot (asked twice, options reversed), as `beliefmerge adjudicate` does</source>
        <translation>请模型裁决所选的争议槽位（询问两次，第二次颠倒选项顺序），与 `beliefmerge adjudicate` 相同</translation>
    </message>
    <message>
        <location filename="../views/main_window_model.cpp" line="42"/>
        <source>Adjudicate &amp;Every Dispute</source>
        <translation>裁决所有争议(&amp;E)</translation>
    </message>
    <message>
        <location filename="../views/main_window_model.cpp" line="45"/>
        <source>Ask the model about every disputed slot, %1 per request</source>
        <translation>就每个争议槽位询问模型，每个请求 %1 个</translation>
    </message>
    <message>
        <location filename="../views/main_window_model.cpp" line="48"/>
        <source>&amp;Model Extractor (joint alignment by the model)</source>
        <translation>模型提取器（由模型联合对齐）(&amp;M)</translation>
    </message>
    <message>
        <location filename="../views/main_window_model.cpp" line="53"/>
        <source>Claims aligned by the model in one call over every branch (recorded in the workspace, replayed when recorded); the heuristic extractor when the call fails</source>
        <translation>由模型对所有分支一次调用对齐出的断言（记录在工作区，已记录时重放）；调用失败时使用启发式提取器</translation>
    </message>
    <message>
        <location filename="../views/main_window_model.cpp" line="66"/>
        <source>Model settings saved.</source>
        <translation>模型设置已保存。</translation>
    </message>
    <message>
        <location filename="../views/main_window_model.cpp" line="119"/>
        <source>Nothing to adjudicate: no workspace is loaded yet.</source>
        <translation>无可裁决：尚未加载工作区。</translation>
    </message>
    <message>
        <location filename="../views/main_window_model.cpp" line="127"/>
        <source>No disputed slot to adjudicate: the model settles ties only.</source>
        <translation>没有可裁决的争议槽位：模型只裁决平局。</translation>
    </message>
    <message>
        <location filename="../views/main_window_model.cpp" line="128"/>
        <source>%1 is not disputed: the model settles ties only (select a disputed slot).</source>
        <translation>%1 没有争议：模型只裁决平局（请选择一个争议槽位）。</translation>
    </message>
    <message>
        <location filename="../views/main_window_model.cpp" line="129"/>
        <source>No slot</source>
        <translation>没有槽位</translation>
    </message>
    <message>
        <location filename="../views/main_window_model.cpp" line="134"/>
        <source>Adjudication not started: %1. Nothing was changed.</source>
        <translation>未开始裁决：%1。没有任何改动。</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/main_window_model.cpp" line="144"/>
        <source>Asking %1 at %2 about %n disputed slot(s)</source>
        <translation>
            <numerusform>正在向 %2 上的 %1 询问 %n 个争议槽位</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/main_window_model.cpp" line="145"/>
        <source>the default model</source>
        <translation>默认模型</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/main_window_model.cpp" line="149"/>
        <source>Asking the model about %n disputed slot(s)…</source>
        <translation>
            <numerusform>正在就 %n 个争议槽位询问模型…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/main_window_model.cpp" line="173"/>
        <source>%n model resolution(s) recorded</source>
        <translation>
            <numerusform>已记录 %n 个模型裁决</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/main_window_model.cpp" line="176"/>
        <source>kept: what %n earlier batch(es) recorded; the other ties stand</source>
        <translation>
            <numerusform>已保留：之前 %n 批记录的内容；其余平局保持不变</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/main_window_model.cpp" line="177"/>
        <source>nothing was recorded; every tie and every decision stands as it was</source>
        <translation>未记录任何内容；所有平局和决定保持原样</translation>
    </message>
    <message>
        <location filename="../views/main_window_model.cpp" line="179"/>
        <source>Adjudication cancelled: %1 (%2).</source>
        <translation>裁决已取消：%1（%2）。</translation>
    </message>
    <message>
        <location filename="../views/main_window_model.cpp" line="180"/>
        <source>Adjudication cancelled; %1.</source>
        <translation>裁决已取消；%1。</translation>
    </message>
    <message>
        <location filename="../views/main_window_model.cpp" line="182"/>
        <source>Adjudication failed: %1 (%2).</source>
        <translation>裁决失败：%1（%2）。</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/main_window_model.cpp" line="185"/>
        <source>Adjudicated %n slot(s): %1; press A on a slot to accept the model&apos;s answer.</source>
        <translation>
            <numerusform>已裁决 %n 个槽位：%1；在槽位上按 A 接受模型的答复。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="118"/>
        <source>Panes</source>
        <translation>窗格</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="119"/>
        <source>F6 / Shift+F6</source>
        <translation>F6 / Shift+F6</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="119"/>
        <source>cycle: queue, inspector, graph, derivation, pack preview, transcript, workspace, MELD</source>
        <translation>循环切换：队列、检查器、图、推导、打包预览、对话记录、工作区、MELD</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="120"/>
        <source>In the claim graph</source>
        <translation>在声明图中</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="121"/>
        <source>Click / Enter</source>
        <translation>单击 / 回车</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="121"/>
        <source>expand the selected cluster (or the one holding the current slot)</source>
        <translation>展开选中的簇（或包含当前槽位的簇）</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="122"/>
        <source>Backspace</source>
        <translation>退格键</translation>
    </message>
    <message>
        <location filename="../views/main_window_keyboard.cpp" line="122"/>
        <source>collapse the open cluster around the selection</source>
        <translation>折叠选中项所在的已展开簇</translation>
    </message>
    <message>
        <location filename="../views/main_window_meld.cpp" line="21"/>
        <source>MELD</source>
        <translation>MELD</translation>
    </message>
    <message>
        <location filename="../views/main_window_meld.cpp" line="30"/>
        <source>The brain could not be opened (see the MELD pane)</source>
        <translation>无法打开该大脑（见 MELD 窗格）</translation>
    </message>
    <message>
        <location filename="../views/main_window_meld.cpp" line="35"/>
        <source>Open &amp;Brain…</source>
        <translation>打开大脑(&amp;B)…</translation>
    </message>
    <message>
        <location filename="../views/main_window_meld.cpp" line="37"/>
        <source>Open a MELD brain directory read-only: claims, links and the verified Patch log</source>
        <translation>以只读方式打开 MELD 大脑目录：声明、链接和经过验证的 Patch 日志</translation>
    </message>
    <message>
        <location filename="../views/main_window_meld.cpp" line="41"/>
        <source>Open Brain</source>
        <translation>打开大脑</translation>
    </message>
</context>
<context>
    <name>bm::MeldBrainPane</name>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="35"/>
        <source>active</source>
        <translation>有效</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="36"/>
        <source>deprecated</source>
        <translation>已弃用</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="37"/>
        <source>overruled</source>
        <translation>已否决</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="38"/>
        <source>revoked</source>
        <translation>已撤销</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="61"/>
        <source>No brain open: File &gt; Open Brain…</source>
        <translation>未打开大脑：文件 &gt; 打开大脑…</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="64"/>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="64"/>
        <location filename="../views/meld_brain_pane.cpp" line="65"/>
        <source>Claim</source>
        <translation>声明</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="64"/>
        <source>Scope</source>
        <translation>范围</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="64"/>
        <source>Origin</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="64"/>
        <location filename="../views/meld_brain_pane.cpp" line="100"/>
        <source>Links</source>
        <translation>链接</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="64"/>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="65"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="65"/>
        <location filename="../views/meld_brain_pane.cpp" line="66"/>
        <source>Target</source>
        <translation>目标</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="65"/>
        <source>Effect</source>
        <translation>效果</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="65"/>
        <location filename="../views/meld_brain_pane.cpp" line="66"/>
        <source>Author</source>
        <translation>作者</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="65"/>
        <source>Counts</source>
        <translation>说明</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="66"/>
        <source>Seq</source>
        <translation>序号</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="66"/>
        <source>Verification</source>
        <translation>验证</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="66"/>
        <source>Decision</source>
        <translation>决定</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="66"/>
        <source>Rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="66"/>
        <source>Subject</source>
        <translation>主体</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="74"/>
        <source>Open…</source>
        <translation>打开…</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="75"/>
        <source>Open a brain directory (brain.json and workspace.bmws) read-only</source>
        <translation>以只读方式打开大脑目录（brain.json 和 workspace.bmws）</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="78"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="79"/>
        <source>Read the brain again and verify every Patch again</source>
        <translation>重新读取大脑并重新验证每个 Patch</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="91"/>
        <source>Select a Patch to see its delta</source>
        <translation>选择一个 Patch 查看其增量</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="99"/>
        <source>Claims</source>
        <translation>声明</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="101"/>
        <source>Patch Log</source>
        <translation>Patch 日志</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="115"/>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="142"/>
        <source>This brain cannot be opened: %1</source>
        <translation>无法打开此大脑：%1</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="157"/>
        <source>The status the status CRDT reads now (links that pass the read-time gate, joined)</source>
        <translation>状态 CRDT 当前读出的状态（通过读取时门控的链接的合并）</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="164"/>
        <source>status: %1</source>
        <translation>状态：%1</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="166"/>
        <source>materialises</source>
        <translation>生效</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="166"/>
        <source>gated (stale or unauthorised)</source>
        <translation>被门控（过期或未授权）</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="172"/>
        <source>mapping: %1</source>
        <translation>映射：%1</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="173"/>
        <source>weight %1</source>
        <translation>权重 %1</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="179"/>
        <source>contradiction</source>
        <translation>矛盾</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="180"/>
        <source>rule %1; contexts %2 / %3</source>
        <translation>规则 %1；上下文 %2 / %3</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="189"/>
        <source>✓ verified</source>
        <translation>✓ 已验证</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="189"/>
        <source>✓ verified, not applied</source>
        <translation>✓ 已验证，未应用</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="190"/>
        <source>✗ failed: %1</source>
        <translation>✗ 验证失败：%1</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="195"/>
        <source>id and HMAC-SHA-256 verify under the author&apos;s key</source>
        <translation>id 与 HMAC-SHA-256 在作者的密钥下验证通过</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/meld_brain_pane.cpp" line="206"/>
        <source>Brain %1: %n claim(s), </source>
        <translation>
            <numerusform>大脑 %1：%n 条声明，</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/meld_brain_pane.cpp" line="207"/>
        <source>%n link(s), </source>
        <translation>
            <numerusform>%n 条链接，</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/meld_brain_pane.cpp" line="208"/>
        <source>%n Patch(es) in the log</source>
        <translation>
            <numerusform>日志中有 %n 个 Patch</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/meld_brain_pane.cpp" line="211"/>
        <source>%n Patch(es) failed verification: not applied, shown in red in the Patch Log</source>
        <translation>
            <numerusform>%n 个 Patch 验证失败：未应用，在 Patch 日志中以红色显示</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="214"/>
        <source>every Patch verifies</source>
        <translation>每个 Patch 都验证通过</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="224"/>
        <source>Verified: the id and the HMAC-SHA-256 verify under %1&apos;s key.</source>
        <translation>已验证：id 与 HMAC-SHA-256 在 %1 的密钥下验证通过。</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="225"/>
        <source>FAILED verification: %1</source>
        <translation>验证失败：%1</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="226"/>
        <source>Not applied: %1</source>
        <translation>未应用：%1</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="229"/>
        <source>Patch %1 (%2, rule %3)</source>
        <translation>Patch %1（%2，规则 %3）</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="230"/>
        <source>Incoming delta:</source>
        <translation>传入的增量：</translation>
    </message>
    <message>
        <location filename="../views/meld_brain_pane.cpp" line="233"/>
        <source>What it emits and why:</source>
        <translation>它产生的内容及原因：</translation>
    </message>
</context>
<context>
    <name>bm::MessageBar</name>
    <message>
        <location filename="../views/message_bar.cpp" line="19"/>
        <source>Close this message</source>
        <translation>关闭此消息</translation>
    </message>
</context>
<context>
    <name>bm::ModelJobs</name>
    <message>
        <location filename="../views/model_jobs.cpp" line="81"/>
        <source>recording the resolutions failed: %1</source>
        <translation>记录裁决失败：%1</translation>
    </message>
    <message>
        <location filename="../views/model_jobs.cpp" line="103"/>
        <source>the resolutions could not be re-read: %1</source>
        <translation>无法重新读取裁决：%1</translation>
    </message>
</context>
<context>
    <name>bm::ModelSettings</name>
    <message>
        <location filename="../views/model_settings.cpp" line="40"/>
        <source>the keyring did not answer within %1 s</source>
        <translation>密钥环在 %1 秒内没有响应</translation>
    </message>
    <message>
        <location filename="../views/model_settings.cpp" line="54"/>
        <source>no D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is not set</source>
        <translation>没有 D-Bus 会话总线：未设置 DBUS_SESSION_BUS_ADDRESS</translation>
    </message>
    <message>
        <location filename="../views/model_settings.cpp" line="89"/>
        <source>no endpoint is set (File &gt; Model Settings…)</source>
        <translation>未设置端点（文件 &gt; 模型设置…）</translation>
    </message>
    <message>
        <location filename="../views/model_settings.cpp" line="93"/>
        <source>the endpoint “%1” is not an http(s) URL such as http://127.0.0.1:8080/v1</source>
        <translation>端点“%1”不是 http(s) URL（例如 http://127.0.0.1:8080/v1）</translation>
    </message>
</context>
<context>
    <name>bm::ModelSettingsDialog</name>
    <message>
        <location filename="../views/model_settings_dialog.cpp" line="25"/>
        <source>&amp;Remove from Keyring</source>
        <translation>从密钥环中删除(&amp;R)</translation>
    </message>
    <message>
        <location filename="../views/model_settings_dialog.cpp" line="30"/>
        <source>Model Settings</source>
        <translation>模型设置</translation>
    </message>
    <message>
        <location filename="../views/model_settings_dialog.cpp" line="35"/>
        <source>OpenAI-compatible base URL including the version (beliefmerge --endpoint)</source>
        <translation>兼容 OpenAI 的基础 URL，含版本号（beliefmerge --endpoint）</translation>
    </message>
    <message>
        <location filename="../views/model_settings_dialog.cpp" line="38"/>
        <source>Chat model asked for adjudication and alignment (beliefmerge --model)</source>
        <translation>用于裁决和对齐的对话模型（beliefmerge --model）</translation>
    </message>
    <message>
        <location filename="../views/model_settings_dialog.cpp" line="42"/>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <location filename="../views/model_settings_dialog.cpp" line="43"/>
        <source>Per request attempt, from sending to the end of the reply (beliefmerge --timeout)</source>
        <translation>每次请求尝试，从发送到答复结束（beliefmerge --timeout）</translation>
    </message>
    <message>
        <location filename="../views/model_settings_dialog.cpp" line="48"/>
        <source>type a new key to keep it in the keyring</source>
        <translation>输入新密钥以保存到密钥环</translation>
    </message>
    <message>
        <location filename="../views/model_settings_dialog.cpp" line="54"/>
        <source>Asking the desktop keyring…</source>
        <translation>正在询问桌面密钥环…</translation>
    </message>
    <message>
        <location filename="../views/model_settings_dialog.cpp" line="60"/>
        <source>The key comes from the environment variable %1 (it takes precedence over the keyring).</source>
        <translation>密钥来自环境变量 %1（优先于密钥环）。</translation>
    </message>
    <message>
        <location filename="../views/model_settings_dialog.cpp" line="62"/>
        <source>The key comes from the environment variable %1 when it is set, else from the desktop keyring.</source>
        <translation>设置了环境变量 %1 时密钥来自该变量，否则来自桌面密钥环。</translation>
    </message>
    <message>
        <location filename="../views/model_settings_dialog.cpp" line="66"/>
        <source>&amp;Endpoint:</source>
        <translation>端点(&amp;E)：</translation>
    </message>
    <message>
        <location filename="../views/model_settings_dialog.cpp" line="67"/>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <location filename="../views/model_settings_dialog.cpp" line="68"/>
        <source>&amp;Timeout:</source>
        <translation>超时(&amp;T)：</translation>
    </message>
    <message>
        <location filename="../views/model_settings_dialog.cpp" line="74"/>
        <source>API &amp;key:</source>
        <translation>API 密钥(&amp;K)：</translation>
    </message>
    <message>
        <location filename="../views/model_settings_dialog.cpp" line="98"/>
        <source>The key is never sent over plain http to a host that is not loopback: use https.</source>
        <translation>密钥绝不会通过明文 http 发送到非回环主机：请使用 https。</translation>
    </message>
    <message>
        <location filename="../views/model_settings_dialog.cpp" line="112"/>
        <source>A key is stored in the desktop keyring (service “beliefmerge-studio”).</source>
        <translation>桌面密钥环中已保存一个密钥（服务“beliefmerge-studio”）。</translation>
    </message>
    <message>
        <location filename="../views/model_settings_dialog.cpp" line="113"/>
        <location filename="../views/model_settings_dialog.cpp" line="177"/>
        <source>The desktop keyring is available; no key is stored in it.</source>
        <translation>桌面密钥环可用；其中没有保存密钥。</translation>
    </message>
    <message>
        <location filename="../views/model_settings_dialog.cpp" line="115"/>
        <source>No keyring service is reachable (%1). The key can only come from the environment variable %2; it is never stored in plain text.</source>
        <translation>无法连接任何密钥环服务（%1）。密钥只能来自环境变量 %2；它绝不会以明文保存。</translation>
    </message>
    <message>
        <location filename="../views/model_settings_dialog.cpp" line="154"/>
        <source>The key was not stored: the keyring said: %1</source>
        <translation>密钥未保存：密钥环返回：%1</translation>
    </message>
    <message>
        <location filename="../views/model_settings_dialog.cpp" line="171"/>
        <source>The key was not removed: the keyring said: %1</source>
        <translation>密钥未删除：密钥环返回：%1</translation>
    </message>
</context>
<context>
    <name>bm::PackPreviewPane</name>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="38"/>
        <source> tokens</source>
        <translation> 个词元</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="40"/>
        <source>Markdown</source>
        <translation>Markdown</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="41"/>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="42"/>
        <source>DSH user message</source>
        <translation>DSH 用户消息</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="43"/>
        <source>Partial enumeration</source>
        <translation>部分枚举</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="44"/>
        <source>Density greedy</source>
        <translation>密度贪心</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="57"/>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="58"/>
        <source>Copy to clipboard</source>
        <translation>复制到剪贴板</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="70"/>
        <source>&amp;Budget:</source>
        <translation>预算(&amp;B)：</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="71"/>
        <source>For&amp;mat:</source>
        <translation>格式(&amp;M)：</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="72"/>
        <source>A&amp;lgorithm:</source>
        <translation>算法(&amp;L)：</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="82"/>
        <source>Dropped for the budget:</source>
        <translation>因预算而舍弃：</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="148"/>
        <source>Refused: a trust invariant is violated; nothing can be exported.</source>
        <translation>已拒绝：违反了信任不变式；无法导出任何内容。</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="152"/>
        <source>violation %1 on %2: %3</source>
        <translation>%2 违反 %1：%3</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="160"/>
        <source>%1 of %2 tokens · %3 of %4 items · %5 · counter %6</source>
        <translation>%1/%2 词元 · %3/%4 项 · %5 · 计数器 %6</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="163"/>
        <source> · beat density greedy</source>
        <translation> · 优于密度贪心</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="165"/>
        <source> · preserved prefix vs. last export: %1 of %2 items</source>
        <translation> · 与上次导出相比保留的前缀：%1/%2 项</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="182"/>
        <source>Nothing packed yet.</source>
        <translation>尚未打包。</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="189"/>
        <location filename="../views/pack_preview_pane.cpp" line="194"/>
        <source>Export refused: %1</source>
        <translation>导出被拒绝：%1</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="206"/>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="218"/>
        <source>the clipboard</source>
        <translation>剪贴板</translation>
    </message>
    <message>
        <location filename="../views/pack_preview_pane.cpp" line="149"/>
        <source>Cannot pack: nothing can be exported.</source>
        <translation>无法打包：没有可导出的内容。</translation>
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
        <location filename="../models/slot_inspector_model.cpp" line="59"/>
        <source>superseded within their branch</source>
        <translation>在其分支内被取代</translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="76"/>
        <source>  (winner)</source>
        <translation>  （胜出）</translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="76"/>
        <source>  (tied)</source>
        <translation>  （并列）</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/slot_inspector_model.cpp" line="77"/>
        <source>%n source(s)</source>
        <translation>
            <numerusform>%n 个来源</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/slot_inspector_model.cpp" line="87"/>
        <source>, %n wording(s)</source>
        <translation>
            <numerusform>，%n 种措辞</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../models/slot_inspector_model.cpp" line="71"/>
        <source>The merge read these claims as one fact worded %n ways: the shown wording leaves out only words that do not change its meaning (no negation, condition, time, hedge, failure or number). Each row below shows its claim&apos;s own words.</source>
        <translation>
            <numerusform>合并把这些主张视为同一事实的 %n 种措辞：显示的措辞只省略了不改变含义的词（没有否定、条件、时间、推测、失败或数字）。下面每一行显示该主张自己的措辞。</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="78"/>
        <source>score %1</source>
        <translation>得分 %1</translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="98"/>
        <source>Session id: %1, message %2</source>
        <translation>会话 ID：%1，消息 %2</translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="99"/>
        <source>Double-click or press Enter to show this message in the transcript</source>
        <translation>双击或按 Enter 在对话记录中显示此消息</translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="104"/>
        <source>%1 · %2 (%3)</source>
        <translation>%1 · %2（%3）</translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="127"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="128"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="129"/>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="130"/>
        <source>Rank</source>
        <translation>等级</translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="131"/>
        <source>Trust</source>
        <translation>信任</translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="132"/>
        <source>Rule · confidence</source>
        <translation>规则 · 置信度</translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="133"/>
        <source>Quote</source>
        <translation>引文</translation>
    </message>
    <message>
        <location filename="../models/slot_inspector_model.cpp" line="134"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
</context>
<context>
    <name>bm::SlotInspectorPane</name>
    <message>
        <location filename="../views/slot_inspector_pane.cpp" line="62"/>
        <source>No slot selected.</source>
        <translation>未选择槽位。</translation>
    </message>
    <message>
        <location filename="../views/slot_inspector_pane.cpp" line="69"/>
        <source>, value &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>，值 &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../views/slot_inspector_pane.cpp" line="73"/>
        <source>, tie between &lt;b&gt;%1&lt;/b&gt; (never guessed)</source>
        <translation>，&lt;b&gt;%1&lt;/b&gt; 并列（绝不猜测）</translation>
    </message>
    <message>
        <location filename="../views/slot_inspector_pane.cpp" line="75"/>
        <source>; trust %1; derivation %2</source>
        <translation>；信任 %1；推导 %2</translation>
    </message>
    <message>
        <location filename="../views/slot_inspector_pane.cpp" line="77"/>
        <source>Rank comparison: %1</source>
        <translation>等级比较：%1</translation>
    </message>
    <message>
        <location filename="../views/slot_inspector_pane.cpp" line="79"/>
        <source>Disputed by “%1” (rank %2) against “%3” (rank %4)</source>
        <translation>“%1”（等级 %2）对“%3”（等级 %4）提出争议</translation>
    </message>
    <message>
        <location filename="../views/slot_inspector_pane.cpp" line="84"/>
        <source>reviewer</source>
        <translation>审阅者</translation>
    </message>
    <message>
        <location filename="../views/slot_inspector_pane.cpp" line="84"/>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../views/slot_inspector_pane.cpp" line="85"/>
        <source>Decision (%1): &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>裁决（%1）：&lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../views/slot_inspector_pane.cpp" line="86"/>
        <source> — reason: %1</source>
        <translation> — 理由：%1</translation>
    </message>
    <message>
        <location filename="../views/slot_inspector_pane.cpp" line="87"/>
        <source> (saved %1 by %2)</source>
        <translation>（%2 于 %1 保存）</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/slot_inspector_pane.cpp" line="91"/>
        <source>%n decision(s) revoked (kept in the log, not applied).</source>
        <translation>
            <numerusform>%n 个决定已撤回（保留在日志中，不再应用）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/slot_inspector_pane.cpp" line="95"/>
        <source>Stale: %n decision(s) were made against an older annotation and are not applied.</source>
        <translation>
            <numerusform>已过时：%n 个裁决基于较旧的注释，未被应用。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>bm::SlotTableModel</name>
    <message>
        <location filename="../models/slot_table_model.cpp" line="30"/>
        <location filename="../models/slot_table_model.cpp" line="44"/>
        <source>retracted</source>
        <translation>已撤回</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="32"/>
        <source>settled</source>
        <translation>已确定</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="33"/>
        <source>resolved</source>
        <translation>已解决</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="34"/>
        <source>contested</source>
        <translation>有异议</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="35"/>
        <source>disputed</source>
        <translation>争议</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="42"/>
        <source>axiom</source>
        <translation>公理</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="43"/>
        <source>founded</source>
        <translation>有据</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="45"/>
        <source>unasserted</source>
        <translation>未断言</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="107"/>
        <source>A decision was made against an older annotation: new evidence arrived; review again.</source>
        <translation>裁决基于较旧的注释：有新证据到达，请重新审阅。</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="116"/>
        <source>decided (%1)</source>
        <translation>已决定（%1）</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="121"/>
        <source>stale: %1</source>
        <translation>已过时：%1</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="133"/>
        <source>Slot</source>
        <translation>槽位</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="134"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="135"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="136"/>
        <source>Trust</source>
        <translation>信任</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="137"/>
        <source>Derivation</source>
        <translation>推导</translation>
    </message>
    <message>
        <location filename="../models/slot_table_model.cpp" line="138"/>
        <source>Decision</source>
        <translation>裁决</translation>
    </message>
</context>
<context>
    <name>bm::SnapshotJob</name>
    <message>
        <location filename="../views/snapshot_job.cpp" line="17"/>
        <source>Importing</source>
        <translation>正在导入</translation>
    </message>
    <message>
        <location filename="../views/snapshot_job.cpp" line="26"/>
        <source>Reading the workspace</source>
        <translation>正在读取工作区</translation>
    </message>
    <message>
        <location filename="../views/snapshot_job.cpp" line="36"/>
        <source>Extracting and merging claims</source>
        <translation>正在提取并合并断言</translation>
    </message>
    <message>
        <location filename="../views/snapshot_job.cpp" line="75"/>
        <source>No slot &apos;%1&apos; in this snapshot</source>
        <translation>此快照中没有槽位“%1”</translation>
    </message>
    <message>
        <location filename="../views/snapshot_job.cpp" line="42"/>
        <source>Asking the model to align the claims</source>
        <translation>正在请模型对齐断言</translation>
    </message>
</context>
<context>
    <name>bm::TranscriptModel</name>
    <message>
        <location filename="../models/transcript_model.cpp" line="134"/>
        <source>harness: %1</source>
        <translation>运行框架：%1</translation>
    </message>
    <message>
        <location filename="../models/transcript_model.cpp" line="124"/>
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
        <location filename="../views/transcript_pane.cpp" line="70"/>
        <source>◀ Earlier</source>
        <translation>◀ 更早</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/transcript_pane.cpp" line="71"/>
        <source>Show the previous %n message(s)</source>
        <translation>
            <numerusform>显示前 %n 条消息</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/transcript_pane.cpp" line="72"/>
        <source>Later ▶</source>
        <translation>更晚 ▶</translation>
    </message>
    <message numerus="yes">
        <location filename="../views/transcript_pane.cpp" line="73"/>
        <source>Show the next %n message(s)</source>
        <translation>
            <numerusform>显示后 %n 条消息</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/transcript_pane.cpp" line="115"/>
        <source>Session %1, branch %2 (%n message(s))</source>
        <translation>
            <numerusform>会话 %1，分支 %2（%n 条消息）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../views/transcript_pane.cpp" line="116"/>
        <source>Session %1 (%n message(s))</source>
        <translation>
            <numerusform>会话 %1（%n 条消息）</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../views/transcript_pane.cpp" line="134"/>
        <source>messages %1–%2 of %3</source>
        <translation>第 %1–%2 条消息，共 %3 条</translation>
    </message>
    <message>
        <location filename="../views/transcript_pane.cpp" line="166"/>
        <source>Shadowed by a compaction.</source>
        <translation>已被压缩遮蔽。</translation>
    </message>
    <message>
        <location filename="../views/transcript_pane.cpp" line="169"/>
        <source>Injected by plugin %1: untrusted text, never instructions.</source>
        <translation>由插件 %1 注入：不可信文本，绝非指令。</translation>
    </message>
</context>
<context>
    <name>bm::WorkspaceTreeModel</name>
    <message>
        <location filename="../models/workspace_tree_model.cpp" line="59"/>
        <source>fork of %1</source>
        <translation>%1 的分叉</translation>
    </message>
    <message numerus="yes">
        <location filename="../models/workspace_tree_model.cpp" line="60"/>
        <source>%n branch(es)</source>
        <translation>
            <numerusform>%n 个分支</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../models/workspace_tree_model.cpp" line="73"/>
        <source>sidechain</source>
        <translation>旁链</translation>
    </message>
    <message>
        <location filename="../models/workspace_tree_model.cpp" line="73"/>
        <source>branch</source>
        <translation>分支</translation>
    </message>
    <message>
        <location filename="../models/workspace_tree_model.cpp" line="81"/>
        <source>Session / branch</source>
        <translation>会话 / 分支</translation>
    </message>
    <message>
        <location filename="../models/workspace_tree_model.cpp" line="82"/>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <location filename="../models/workspace_tree_model.cpp" line="83"/>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <location filename="../models/workspace_tree_model.cpp" line="84"/>
        <source>Lineage</source>
        <translation>谱系</translation>
    </message>
    <message>
        <location filename="../models/workspace_tree_model.cpp" line="85"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../app/studio/main.cpp" line="27"/>
        <source>BeliefMerge Studio: review merged agent sessions (claim graph, disputes, derivations, trust) and export the packed block.</source>
        <translation>BeliefMerge 工作室：审阅合并后的智能体会话（断言图、争议、推导、信任）并导出打包的上下文块。</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="32"/>
        <source>Workspace file (SQLite); default: the most recent one.</source>
        <translation>工作区文件（SQLite）；默认：最近使用的一个。</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="36"/>
        <source>The current session: its user&apos;s claims are TRUSTED (remembered per workspace).</source>
        <translation>当前会话：其用户的断言为可信（按工作区记住）。</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="40"/>
        <source>heuristic or oracle (native JSONL annotations); remembered.</source>
        <translation>heuristic（启发式）或 oracle（原生 JSONL 标注）；会被记住。</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="44"/>
        <source>Save a picture of the window to FILE (PNG) once loading has settled, then quit.</source>
        <translation>加载完成后将窗口截图保存到 FILE（PNG），然后退出。</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="48"/>
        <source>Session logs or folders to import (any supported format).</source>
        <translation>要导入的会话日志或文件夹（任何支持的格式）。</translation>
    </message>
    <message>
        <location filename="../app/studio/main.cpp" line="59"/>
        <source>--extractor: expected heuristic or oracle, got &apos;%1&apos;</source>
        <translation>--extractor：应为 heuristic 或 oracle，实际为“%1”</translation>
    </message>
</context>
</TS>
