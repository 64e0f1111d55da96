"""A small Chinese–English medical retrieval set, written by hand for the embedder tests and
benchmarks/bench_embedders.py (issue #16 item 6).

How it was made: 20 short medical statements in the style of SciFact abstracts were written in
English; each was translated into Chinese by hand (same facts, natural clinical wording, not word
for word), and for each a Chinese question was written that asks about that statement in other words
(a patient's or pharmacist's phrasing, e.g. 降压药 for "antihypertensive", 血糖 for "glycaemic
control"), so a question shares few literal words with its passage. Several statements share a drug
or an organ with another (two on aspirin, two on statins, two on vitamin D, ...), so the right passage
must be told apart from a near miss. Gold: question i asks about statement i.

Uses: Chinese questions -> Chinese passages (monolingual) and Chinese questions -> English passages
(cross-lingual). The tests below only check the set's shape; the retrieval figures are measured by
tests/engine/test_embed_multilingual.py and the benchmark.
"""
from __future__ import annotations

EN_PASSAGES = [
    "Metformin is the first-line drug for type 2 diabetes and lowers the risk of cardiovascular events.",
    "Low-dose aspirin reduces the risk of a second heart attack in patients with coronary disease.",
    "Aspirin should not be given to children with viral infections because of the risk of Reye's syndrome.",
    "Statins lower LDL cholesterol by inhibiting its synthesis in the liver.",
    "Statin therapy can cause muscle pain, and rarely muscle breakdown, especially at high doses.",
    "Vitamin D supplementation reduces the risk of fractures in elderly people.",
    "Vitamin D supplements did not prevent depression in adults in a large randomised trial.",
    "Reducing salt intake lowers blood pressure in patients with hypertension.",
    "Annual influenza vaccination prevents seasonal flu and its complications in older adults.",
    "Smoking increases the risk of lung cancer and of myocardial infarction.",
    "Regular exercise improves insulin sensitivity and glycaemic control.",
    "Antibiotics do not shorten the common cold, which is caused by viruses.",
    "Breastfeeding lowers the risk of ear infections in infants.",
    "Long-term use of proton pump inhibitors is associated with lower magnesium levels.",
    "Warfarin interacts with many foods rich in vitamin K, which weaken its anticoagulant effect.",
    "Sleep deprivation impairs memory consolidation in young adults.",
    "Folic acid taken before and during early pregnancy prevents neural tube defects.",
    "Obesity is a major risk factor for knee osteoarthritis.",
    "ACE inhibitors can cause a persistent dry cough.",
    "Hand washing with soap reduces the spread of diarrhoeal disease in schools.",
]

ZH_PASSAGES = [
    "二甲双胍是2型糖尿病的一线用药，可降低心血管事件的风险。",
    "小剂量阿司匹林可降低冠心病患者再次发生心肌梗死的风险。",
    "儿童病毒感染时不应服用阿司匹林，因为有引发瑞氏综合征的风险。",
    "他汀类药物通过抑制肝脏合成胆固醇来降低低密度脂蛋白胆固醇。",
    "他汀治疗可引起肌肉疼痛，高剂量时偶尔导致横纹肌溶解。",
    "补充维生素D可降低老年人骨折的风险。",
    "一项大型随机试验显示，补充维生素D并不能预防成年人抑郁症。",
    "减少食盐摄入可以降低高血压患者的血压。",
    "每年接种流感疫苗可预防老年人季节性流感及其并发症。",
    "吸烟会增加患肺癌和心肌梗死的风险。",
    "规律运动能提高胰岛素敏感性并改善血糖控制。",
    "普通感冒由病毒引起，使用抗生素并不能缩短病程。",
    "母乳喂养可以降低婴儿中耳炎的发生风险。",
    "长期服用质子泵抑制剂与血镁水平降低有关。",
    "华法林与许多富含维生素K的食物相互作用，会减弱其抗凝效果。",
    "睡眠不足会损害年轻人的记忆巩固。",
    "孕前及孕早期补充叶酸可预防胎儿神经管缺陷。",
    "肥胖是膝关节骨关节炎的主要危险因素。",
    "血管紧张素转换酶抑制剂可引起持续性干咳。",
    "在学校用肥皂洗手可以减少腹泻疾病的传播。",
]

ZH_QUESTIONS = [
    "糖尿病病人吃二甲双胍能不能减少心脏病发作？",
    "得过心梗的人每天吃一点阿司匹林有用吗？",
    "小孩感冒发烧可以吃阿司匹林吗？",
    "他汀是怎么把坏胆固醇降下来的？",
    "吃降脂药他汀为什么会肌肉酸痛？",
    "老人补钙时加维生素D能防止骨头断吗？",
    "维生素D能治抑郁吗？",
    "高血压病人少吃盐有用吗？",
    "老年人需要每年打流感疫苗吗？",
    "抽烟对心脏和肺有什么危害？",
    "锻炼身体对血糖有帮助吗？",
    "感冒了要不要吃抗生素？",
    "喂母乳能让宝宝少得耳朵发炎吗？",
    "胃药奥美拉唑吃久了会缺镁吗？",
    "吃华法林的人要注意哪些食物？",
    "熬夜会影响记忆力吗？",
    "怀孕前为什么要吃叶酸？",
    "太胖会不会伤膝盖？",
    "吃普利类降压药老是干咳怎么办？",
    "学生勤洗手能少拉肚子吗？",
]
GOLD = list(range(len(ZH_QUESTIONS)))   # question i asks about passage i


def test_the_set_is_aligned():
    assert len(EN_PASSAGES) == len(ZH_PASSAGES) == len(ZH_QUESTIONS) == len(GOLD) == 20
    assert len(set(EN_PASSAGES)) == len(set(ZH_PASSAGES)) == len(set(ZH_QUESTIONS)) == 20


def test_chinese_texts_are_chinese_and_english_texts_are_not():
    def han(text: str) -> int:
        return sum("\u4e00" <= ch <= "\u9fff" for ch in text)

    assert all(han(t) >= 5 for t in ZH_PASSAGES + ZH_QUESTIONS)
    assert all(han(t) == 0 for t in EN_PASSAGES)
