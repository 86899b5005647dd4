"""The one rule table of the entity analysis, and the trace of which rule removed which candidate.

Every check that can leave a candidate out (a *veto*) or that a candidate needs (*evidence*: without it the
candidate is left out too) is one named entry here, whatever study uses it (Yan et al. through
:mod:`.entities` and :mod:`.spans`, EntSwap through :mod:`.entswap.entities`, the ICL study through
:func:`.entities.example_entities`). A decision that removes a candidate records a :class:`Fired` entry with
the rule's id; out-of-scope records carry that id (``no perturbable per answer entity: per.no-gender``), and
``benchmarks/rule_report.py`` counts and samples what each rule removed, so that every rule has a measured
price (``../shared/docs/audit-protocol.md`` → "A rule's price").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["veto", "evidence"]


@dataclass(frozen=True)
class Rule:
    """A named check: ``id`` (``scope.what``), what it checks, whether it vetoes a candidate or is evidence
    the candidate needs, and the studies that apply it."""

    id: str
    checks: str
    kind: Kind
    studies: tuple[str, ...] = ("yan",)


_YAN, _ALL, _ES = ("yan", "icl"), ("yan", "icl", "entswap"), ("entswap",)

RULES: dict[str, Rule] = {r.id: r for r in (
    # ---- answer entities (Yan et al., ICL)
    Rule("ner.no-answer-mention", "no PERSON / ORG / GPE mention of the type overlaps a gold answer (nor a "
         "name the dataset labels so, nor, for PER, a name the passage labels PERSON at another mention, or, "
         "answering 'who', one the passage shows a person by a pronoun, a kinship, ruler's or role noun "
         "beside it (their leader Rollo: entities.role_before), a relative 'who', a person noun's "
         "apposition after it, a person noun as its predicate or a person noun naming it "
         "(Galileo who noticed, Inalchuq, the governor of …, Rivera having been a linebacker, one sister "
         "named Temülen; not after an article: a Lama who), or a Census surname ending 3 or more of the "
         "dataset's PERSON full names (Newton), a gendered bank given name and a Census surname that is no "
         "place (Brandon McManus; an ORG / GPE mention of that shape is a person whatever the question: "
         "Bryan Davies, tagged ORG), a bank given name, no title, rank or common word, with a regnal numeral "
         "or, the given name no place, an epithet or 'of <place>' (Frederick II the Great tagged FAC, "
         "Conrad of Montferrat: persons.byname_person), or a lone word opening or ending a full name the "
         "dataset labels PERSON, "
         "in no organisation's name of the passage (Papin of Denis Papin: entities.passage_says_person), or, "
         "answering a person question, a name a gold answer lists beside a PERSON mention (Beyoncé and "
         "Bruno Mars; a bare 'who' needs a full name or a kinship noun in the list, or full names that "
         "all read as persons' (James Gamble & Reuben Townroe, one ORG): not Mongols and Semuren; "
         "a question naming a person's kind needs no PERSON label: 'Which of his future generals …?' Jelme "
         "and Bo'orchu; entities.listed_person_answers), or a lone word ending a full name the passage "
         "labels PERSON (Braddock beside Edward Braddock: entities.passage_person_answers) or gives a "
         "relative in the possessive (two of Tesla's uncles: persons.kin_possessor), "
         "nor, for GPE, a gazetteer place (a town's name with lower-case particles whole: Wijk bij "
         "Duurstede, places.particle_place), or a name the passage calls a town, a capital or a person's "
         "birthplace, glosses by a modern place or names under a duke's, count's or elector's title (a "
         "state: Duke Richard II of Normandy; places.passage_place_kind), answering a place question "
         "or, that passage evidence given, one of no type (the Mongol Empire capital Karakorum), or one an "
         "answer names as a ruler's or prelate's realm or see, whatever the question asks (Who was Philip I? "
         "Landgrave of Hesse; The Prince of Płock: places.titled_place; NER's PERSON over the title is no "
         "person's name holding it), not one the "
         "dataset labels LOC more often than GPE (a blind read "
         "rejected 'Laos (today Zambia)' for Northern Rhodesia), or, answering a question of no type, a "
         "gazetteer city or town the passage places as a settlement, standing alone, no month or language "
         "(the districts in Kraków; places.placed_settlement; NER's stray NORP on a town, labelled NORP "
         "once in the dataset and no demonym, is no veto: Near Sargans, places.stray_norp), the places of an "
         "answer that lists them all found together (Novgorod and Pskov: entities.gazetteer_answers), "
         "or a NORP demonym of one country (or its people's plural, Kenyans; or a demonym of several "
         "referents where the texts name no other of them, British researchers beside UK: "
         "demonyms.shared_here), not opening "
         "a longer name nor answering a question that asks for a language, whose country the texts name or "
         "whose nationality the question asks for (Kenyan "
         "athletes, 'What nationality …?' Spanish: entities.demonym_answers, entities.asked_nationality), "
         "or, the texts naming no country, a demonym with no other dictionary sense (not Indian, Georgian) "
         "opening no landform's name there (Turkish forces; not the Swiss Alps); a PER candidate of 'who' on "
         "the demonym leaves it a GPE candidate ('Who besides the british …?' French); "
         "nor, for ORG, a party's word alone that NER labelled otherwise (the Conservatives, tagged NORP, "
         "where the texts speak of a party: organisations.party_answers; its plural answer changes with "
         "the word: spans.span_renamed), a station's call sign or a "
         "name whose organisation or company word NER read as a person, place or product, or whose "
         "company word NER read as a work (Worldvision Enterprises; not the gloss 'The Knowledge School'): "
         "WTSP, Virgin Media, organisations.call_sign_answers, "
         "organisations.headed_answers, or that NER did not tag "
         "at all, where a proper name word stands before that word and no 'a' / 'an' before the name "
         "(Widener Library, Chicago Theological Seminary; also where NER tagged its opening demonym NORP "
         "alone: European Anti-fraud Office, not where the name without the demonym is found: Danish "
         "DFDS Seaways; not Charge Conference: "
         "organisations.headed_answers), or that NER cut into pieces at 'and' / 'for' / a comma, one of "
         "them ORG, all inside it, no organisation word before the 'and' (Canadian Radio-television and "
         "Telecommunications Commission: the whole name, not its pieces: organisations.split_name), or a "
         "name the passage writes "
         "in apposition with a kind of organisation (rock group Coldplay, the Maling company, AvtoZAZ, a "
         "Ukrainian car manufacturer; not a person's name or a place, nor a name the dataset labels PERSON, "
         "GPE or NORP twice or more: one such label, animation studio Cosgrove Hall tagged PERSON, is "
         "outweighed by the kind noun: organisations.kind_named_answers); "
         "a gazetteer name many US people bear needs the passage's or the "
         "question's place words and no PERSON label or pronoun of it in the passage: "
         "entities.dataset_labelled_answers, entities.passage_person_answers, entities.gazetteer_answers)",
         "evidence", _YAN),
    Rule("label.minority", "the mention's label is not the majority NER label of its surface in the "
         "dataset (entities.label_holds; EntSwap: LabelVotes.agrees), and the question does not ask for "
         "an answer of its type that the mention is (entities.question_typed_answers), nor, for GPE, is it a "
         "city answering a place question (entities.gazetteer_answers), nor, for ORG, a sports team's name "
         "(the Pittsburgh Steelers, ORG once and PERSON once: entities.team_answers), nor a PERSON mention "
         "right after a rank, an office, Mr or Dr (Governor Vaudreuil, Dr. Wernher von Braun: "
         "entities.titled_mention); in EntSwap nor a PERSON"
         " mention whose label at least ties the others that the article's words around it show a person "
         "(entswap.entities.shown_person: a title or person noun before it, a listing beside a person, "
         "pronouns agreeing on one sex; a lone word that opens no longer word: Jean Ribault … his, not "
         "Warsz of Warszawa)", "evidence", _ALL),
    Rule("answer.not-entity", "no strict majority of annotators' answers name the entity (or list it with "
         "other persons / places only, or, for a country, hold its demonym: Kenyan athletes of Kenya, "
         "demonyms.holds_demonym), nor is it a referent of a disagreement: where the answers that no "
         "majority entity holds each hold a candidate, each candidate they hold is an answer entity too, "
         "with its own new name, and passes the other rules as it would alone, where all the answer entities "
         "are of one type (Robert Zimmer beside Daniel Diermeier twice, Fox twice beside Disney; not Russell "
         "T Davies beside BBC Wales twice: entities.split_answers); a person that the answers holding it "
         "list beside a person a majority names is one too (Sam Chisholm and Rupert Murdoch beside Sam "
         "Chisholm twice: entities.listed_beside)", "evidence", _YAN),
    Rule("answer.unchanged", "a gold answer would keep the old referent: half or more of the answers contain "
         "none of the renamed words, or such a minority answer names a form of the referent (a word, the "
         "initials or an alias of its name, a form of state the passage writes before it: Electorate of "
         "the Electorate of Saxony, entities.state_form_words; spans.answers_change), or stands inside a "
         "renamed answer, its core that the name only qualifies (location beside location of Warsaw); a "
         "minority answer naming something else (May 21, 2013 beside Boston and in Boston) stays unchanged",
         "veto", _YAN),
    Rule("answer.list-partial", "an answer lists persons or places and one of them is not renamed (also a "
         "gazetteer place NER did not type, in a majority of answers: Nairobi, Mombasa and Kisumu; a "
         "capitalised name beside a renamed person that nothing renames: Beyoncé and Bruno Mars, Temüjin and "
         "his brother Khasar; a "
         "station's call sign beside a renamed one: KOA (850 AM) and KRFX (103.5 FM)); the members of an "
         "answer listing places only, one a GPE name of the passage, are each a gazetteer candidate first "
         "(Dublin, Cork, Youghal and Waterford, Youghal tagged PERSON: entities.answer_lists_places)", "veto",
         _YAN),
    Rule("question.about-name", "the question asks what a name comes from (named after / for) or for its "
         "form in a language or style (the Polish name for …, What Chinese-style name …: the answer is a "
         "word of that language): the name "
         "that keeps the old one would no longer match the renamed answer (Jacksonville, Andrew Jackson)",
         "veto", _YAN),
    Rule("question.asks-for-work", "the question asks for a work (show, film, book …): the answer is a "
         "title", "veto", _ALL),
    # ---- persons
    Rule("per.alias-left", "the passage gives the person another name in brackets whose words cannot be "
         "renamed with it, or lists it beside a form in another "
         "script (Liu Heima (劉黑馬, Liu Ni)), or the texts write the person's dotted initials (N.T. beside "
         "Nikola Tesla), or write a renamed word with other diacritics, either way round (Temujin beside "
         "Temüjin: entities.other_spelling, spellings.accent_variants), or write an epithet the "
         "dataset writes after the name (Christ beside Jesus: entities.epithet_left; round 37); "
         "a bracketed full name is renamed "
         "with the person (Jean Cauvin (John Calvin)), and so is one bracketed name word, its title "
         "kept (Buyantu Khan (Ayurbarwada))",
         "veto", _YAN),
    Rule("per.undivided-name", "a name of two words that no name data divide into a given name and a "
         "surname, in a passage that names Mongol or Turkic rulers (X Khan, Great Khan; Ariq Böke, Tugh "
         "Temür): neither word a Census surname, the first no given name that "
         "gender-guesser or the other-origin banks know, at most a rare US one; one personal name of two "
         "words (Mongol, Turkic) whose last word renamed as a surname would leave half the name: "
         "persons.undivided_name", "veto", _YAN),
    Rule("per.script-gloss", "the passage glosses the person's name in another script (CJK, Cyrillic, "
         "Arabic …) in the bracket right after it (Xiao Zhala (蕭札剌)): the gloss keeps the original name "
         "beside the new one and cannot be renamed (lexicon.script_glossed)", "veto", _ALL),
    Rule("per.translated", "a PERSON mention the passage glosses with a quoted translation in brackets "
         "(Oude Rijn (\"Old Rhine\"), Kunskapsskolan (\"The Knowledge School\")): a name in another language "
         "of a place, body or thing; a person's name is not translated: entities.translated_name", "veto",
         _YAN),
    Rule("per.after-the", "a PERSON mention after 'the' / 'the town of' / a capitalised place noun (Fort "
         "William Henry) or opening with Mount / Fort / Cape (Mount Wilson), or a name the passage writes "
         "as 'the X' before punctuation, a preposition or a "
         "conjunction (along the Rhine up into …): a thing or a place; not a full name or a titled name "
         "after a bare 'the' that modifies a work or office noun or a participle (the Tim Allen sitcom, the "
         "Norman Foster-designed Sage: entities.person_after_the), nor a given name after a religious "
         "figure's title (the Prophet Mohammad and his successors: entities.religious_title)", "veto", _YAN),
    Rule("per.dedication", "a saint's name (after Saint / St) that a majority of the answers hold inside a "
         "longer name, where the question asks for no person: the dedication of what the answer names, not "
         "a person it is about (The Parish Church of St Andrew, St. George's Church, Rodin's St John the "
         "Baptist; not Saint Nicolas answering 'Who is the patron saint …?': entities.saint_dedication)",
         "veto", _YAN),
    Rule("per.inside-answer-name", "a majority of the answers hold the person only inside a longer name (a "
         "capitalised word, no title or function word, right before it or after it or its possessive: "
         "Luther's Last Battles, Commission v Edith Cresson, Milton Friedman Institute), where the question "
         "asks for no person: the answer names a work, a case or a body, not the person "
         "(entities.inside_answer_name, one function for persons, organisations and places)", "veto", _YAN),
    Rule("org.inside-answer-name", "a majority of the answers hold the organisation only inside a longer "
         "name that is no organisation (no organisation head word), where the question asks for no "
         "organisation: a title, designation or treaty (UNESCO World Heritage Site, ABC Sunday Night Movie, "
         "Treaty on the Functioning of the European Union), not the organisation; a unit of it stays "
         "renamable (BBC Radio Newcastle) (entities.inside_answer_name, as per.inside-answer-name)",
         "veto", _YAN),
    Rule("per.not-name-words", "a word of the name is no name word, or the name has more than 3 words (a "
         "given name and a surname holding particles rename both, particles kept: Johann von Staupitz, "
         "Pedro Menéndez de Avilés, Guy de Lusignan, François-Charles de Bourlamaque: "
         "persons.particle_name, the reading both studies share, and particle_surname_words; a name read by "
         "Arabic conventions renames its given name whole, a kunya or Abd compound included, and its family "
         "part whole with its particles, the family word alone or with its article following it: Abu "
         "al-Rayhan al-Biruni, Muhammad Abd al-Salaam Farag, Hassan al-Turabi, Osama bin Laden "
         "(persons.arabic_name, the reading both studies share; entities.arabic_spans); a surname "
         "with its particle and no given name renames the surname, title, initials and particles kept: "
         "von Staupitz, Marquis de la Jonquière, E.I. du Pont (persons.particle_surname); a capitalised "
         "particle after initials opens one surname, renamed whole, the initials kept: W. E. B. Du Bois "
         "(persons.initialled_surname); the Kalenjin 'arap' is a particle as 'von' is: Daniel arap Moi "
         "(persons.SURNAME_LINKS); a full name "
         "labelled PERSON whose surname is a common word is one when a person is asked for and the passage "
         "capitalises the surname only in the name: Kawann Short (persons.common_word_surname); role "
         "words before a full name are dropped: Linebacker Brandon Marshall; a surname the dataset knows "
         "alone is one when a person is asked for: Einstein; "
         "a bank first name and a surname whose lone mentions carry another label "
         "are a name when the full name is labelled PERSON: Robert Seamans, Christian Goldbach, Bruno "
         "Mars; Lexicon.labelled_full_name; a two-word name the dataset labels PERSON whose given name the "
         "other-origin banks or gender-guesser gender and whose surname is a Census or dataset surname: "
         "Galileo Ferraris, Duarte Barbosa, persons.gendered_full_name; a capitalised particle opens the "
         "surname: Jacob Van Braam; persons.py)", "evidence", _YAN),
    Rule("per.byname", "a regnal name with a numeral or epithet and no surname whose words are no two given "
         "names of one sex (John Paul II is: both renamed, the numeral kept, persons.regnal_given_names; not "
         "Henry Ford II)", "veto", _YAN),
    Rule("per.family-name-first", "a name written family name first that is no Chinese name in pinyin "
         "(Tsakhiagiin Elbegdorj; not Boomer Esiason, Yuan T. Lee: a rare Western name word or a middle "
         "initial), or a lone word of such a name of the passage (Elbegdorj); a Chinese name in pinyin "
         "(persons.family_first_parts: a family name of the chinese bank or FAMILY_FIRST_SURNAMES, a pinyin "
         "given name, also one English writes as a word, Shi Gang, or a gazetteer place where the dataset "
         "labels the name PERSON, Zhu Shijie) is one person whose family name is the first word: its lone "
         "family name is a surname (one new family name for a family: Shi Tianze, Shi Gang), its given "
         "name typed by a kinship noun beside it or the full name (Kong Duanyou's brother Kong Duancao) or "
         "the pronouns, and its full mention takes a new full name (Yan et al.: in its own order, family "
         "name first, span type 'last first-male', Zhu Yuanzhang → Guidas Etsel, the full name's span "
         "following both words, PerturbableSpan.given; EntSwap: in the bank's order as a unit, "
         "Entity.family_first); where its given name is another "
         "family's name (Yan Shi beside Shi Tianze) it is renamed inside the unit only, and another "
         "person's name holding a renamed family name as its given name is kept whole (Kong Zhu beside Zhu "
         "Xi: entswap _Occurrences.chinese_given_of). Left out: a Chinese name whose bearer's sex nothing "
         "shows (Yan et al. rename its family name alone), and in EntSwap only that name, its words "
         "staying renamable in the article's other names",
         "veto", _ALL),
    Rule("per.no-gender", "nothing shows the gender of a given name after a ruler's title or of a name of "
         "given names only (no pronoun, title, gendered person noun or clear bank gender); a full name whose "
         "given name's gender nothing shows takes the sex of the dataset's passages about it "
         "(persons.dataset_full_name_sex: their pronouns summed, Cam Newton, or the sex every passage that "
         "shows one gives by pronouns or a gendered noun beside it, Kony Ealy … himself, chairman Jakaya "
         "Kikwete; a passage writing the full name counts where it labels the surname PERSON, Manning), else "
         "the US bank's sex of a rare boys' name gender-guesser does not know (Absalom Jones: "
         "persons.rare_boys_name), else a unisex given name (Andrea Palladio: persons.unsexed_given_type), "
         "and keeps it "
         "only where no name data know it as a given name nor the dataset labels the name PERSON (Kromme "
         "Rijn) or it follows ibn (a father's name); a lone mononym is renamed by a surname (Euclid)",
         "evidence", _YAN),
    Rule("per.lone-unknown", "a lone word with no bank name, too few PERSON labels, no ruler's title nor a "
         "surname's title before it in the passage (General Amherst: entities.titled_surname) and "
         "no question asking for a person that it answers", "evidence", _YAN),
    Rule("per.lone-place", "a lone word that is a gazetteer place (unless it answers a question asking for "
         "a person and the passage's pronouns or a description agree: Thoreau, 'A Norman named Oursel', "
         "entities.described_as_person; or the passage writes it after a title that goes with a surname, "
         "a military rank or public office, never after 'the' and that title: General Amherst, not the "
         "General Sejm, Professor Moriarty, Lord Loudoun: "
         "entities.titled_surname) or that nothing attests as a person (no bank name, title, initials, "
         "kinship or ruler's noun beside it (entities.kin_gender: also after a "
         "possessive, Subutai, Jelme's younger brother) or in the "
         "question (entities.question_gender: 'Who was Kaidu's grandfather?'), role noun (also the "
         "question's kind noun naming a person's role, for a word the dataset labels mostly PERSON: "
         "'which famous Elizabethan playwright?' Shakespeare; not Iran, 'Which oil producer?'), pronoun of "
         "the passage, listing beside a person's full name (entities.listed_with_persons: 'Melanie Griffith, "
         "Sting and Sean Bean', renamed by a surname; also beside another mention of that name: under "
         "Genghis Khan and Tolui), a surname of the passage's full names (Bethencourt of Maciot de "
         "Bethencourt) or, answering a person question, of the dataset's (Kuznets), nor, for a mononym the "
         "dataset labels mostly PERSON, agreeing pronouns in its other passages: "
         "entities.dataset_pronoun_gender)",
         "veto", _YAN),
    Rule("per.title-family-name", "an East Asian family name after a ruler's title (Wang Khan)", "veto",
         _YAN),
    Rule("per.lone-no-pronoun", "a lone given name that no pronoun of the passage attests, no role noun "
         "before it (their leader Rollo, the hero Siegfried: entities.role_before), "
         "no "
         "kinship or ruler's "
         "noun beside it or "
         "in the question asking for it (his brother Khasar, 'Which male child …?': entities.kin_gender, "
         "entities.question_gender), no byname after it (Richard I, Edward the "
         "Confessor, William of Montreuil: entities._with_byname), no one full name of the passage that it "
         "opens (Napoleon beside Napoleon Bonaparte, renamed with its surname, the gender from that name's "
         "pronouns or the bank; not Charles of 'Charles and Ray Eames': entities.opened_full_name) and no "
         "question asking for a person types (a bank given name rarely a surname, never after 'a': "
         "entities.asked_given_name)", "evidence", _YAN),
    Rule("per.shares-words", "a renamed person word also stands in another name of the passage (a "
         "namesake, an eponym term, a birth name, a lone given name of another person (not one right after "
         "its family name: Shen Kuo, entities._lone), unless the "
         "answers name that given name alone too (Isaac beside Isaac Komnenos) or the lone given name is "
         "the person's and opens that full name (Napoleon of Napoleon Bonaparte: "
         "entities.opened_full_name); not a title after "
         "it: Ariq Böke Great Khan), or a surname shared "
         "with a relative also stands alone (Tesla beside Milutin Tesla: which one?); Yan et al.: another "
         "person's full name is kept whole where no shared word stands alone (Yesün Temür beside Tugh "
         "Temür, John M. Grunsfeld beside John B. Goodenough), else where only given names clash the given "
         "name is kept and the surname renamed (after its particle: Lothar de Maizière beside Lothar von "
         "Arnauld de la Perière, entities.particle_last), and where a family name shared with a relative "
         "also stands outside their full names the family name is kept and the given name renamed (Kong "
         "Duancao beside Kong Duanyou's, Milutin Tesla beside Tesla: entities.given_only); an "
         "institution named after the person's "
         "surname (Booth School of Business, Edison Machine Works; a surname the passage "
         "gives in full before a common word that is no title or place noun, the surname no place: "
         "Hutchinson Commons, the Becket Casket, Continental Edison Company: entities.named_after_person) "
         "is kept whole and the person renamed, but a term named after the person (Turing machines, the "
         "Savery engine, Maxwell Equations, Newton's Universal Gravitation Constant) leaves the person out: "
         "readers took it for his mention both kept and renamed inside (entities.term_reads_as_mention; "
         "blind read round 38); a person's bracketed alias is no other person (Tugh "
         "Temur (Emperor Wenzong), Mickey Smith (Noel Clarke)); a capitalised word "
         "derived from the person's name "
         "(Christians beside Christ, Stalinist beside Stalin, Lutheran, Calvinist, Napoleonic, Victorian: "
         "lexicon.derived_name_word) leaves the person out, as no new name has such a word and the old one "
         "would give the person away (blind read round 31); in EntSwap a name that glosses a left-out "
         "person in parentheses or is glossed by it (Jean Cauvin (John Calvin)) is left out with it "
         "(entswap.entities.glossed_persons)", "veto",
         _ALL),
    # ---- organisations
    Rule("org.not-organisation", "a digit, an -ism or a word of an award, work, building, event in the name "
         "(not an organisation's acronym and a channel's number, BBC 1: its acronym renamed, "
         "acronyms.numbered_channel)", "veto", _YAN),
    Rule("org.no-head", "no organisation or company word (Getty Oil, Classic FM), fewer than 3 ORG labels "
         "in the dataset, no acronym of an organisation opening it before describing words (NFL Mobile, ABC "
         "Cable News: a unit of that organisation, its acronym renamed: "
         "organisations.owner_acronym; "
         "not ESPN Deportes, a word outside the Penn Treebank's), no station's "
         "call sign (organisations.call_sign: CBS affiliate KGPE, WPVI-TV, WBMA-LD, Canada's CFTO-TV: its "
         "letters "
         "renamed as another call sign of its format, WLQP-LP → WBXT-LP), no acronym that NER labels ORG "
         "wherever it labels it (PNU, NCAA; not RNA, "
         "once PERSON: acronyms.labelled_acronym; the acronym rules decide it), not a team (a place "
         "and a plural nickname, renamed both; a region and a plural nickname, New England Patriots, its "
         "nickname renamed and the region kept: organisations.region_team; a lone nickname of one team of "
         "the passage's place (also in the possessive: Denver's), or of the dataset's one team of that "
         "nickname where the passage names no "
         "place of it and the question asks for a team, its nickname renamed alone: 'What team did Kubiak "
         "play for?' the Broncos: organisations.lone_team), no kind noun in apposition "
         "with it (rock group Coldplay, cable channel Space, the Standard & Poor's rating agency; a list "
         "after one, extremist groups such as Al-Qaeda and the Taliban, companies (primarily Omnicare, ...): "
         "organisations.kind_apposition) and no "
         "question naming a kind of organisation that the answers name (What network ...? Westwood One; a "
         "store, carrier, provider or studio too, 'what store?' Tesco, not a service, maybe a product; "
         "not a name opening with an acronym, a unit or service of it: ESPN Deportes) nor an acronym "
         "or coined word answering a bare who-question (Who is VideoGuard owned by? NDS; Who did "
         "internet2 partner with? Qwest: entities.asked_body, organisations.coined_name), nor a name that "
         "most answers name after a question asking for a station by its wh-word or a medium (Which station "
         "...? SyFy; not a tube or space station: question.asks_for_station) and that the passage writes "
         "beside a word of broadcasting, not station (organisations.broadcast_name), nor a university's "
         "short name '<city> State' (San Jose State, tagged GPE: a city is no state; its city renamed as "
         "the organisation's place word where most answers hold the whole name, "
         "organisations.state_university), nor a party's word alone (seats from Labour: "
         "organisations.party_short_name)",
         "evidence", _YAN),
    Rule("org.lone-word", "a one-word ORG mention that is no acronym, station's call sign (KGPE) nor a "
         "team's nickname (a shorthand, a "
         "language, a person); "
         "an acronym of 3-6 capitals (no Roman numeral) is renamed as a rare word, and a word that a "
         "question naming a kind of organisation types (What company ...? Pepsi; a word outside the Penn "
         "Treebank that the corpus writes only capitalised, 3 times or more, is a name whatever Webster's "
         "lists: entities.corpus_name), a kind noun in apposition "
         "with it names (rock group Coldplay) or a coined word that "
         "a bare who-question asks for (Qwest), not a plural written after 'the' that no kind noun names "
         "(the Broncos; a regional group known as the Camisards is the group) "
         "and no place, is renamed by the name rules; so is a party's word alone (Labour, the Liberals: "
         "organisations.party_short_name)", "veto", _YAN),
    Rule("org.acronym-unattested", "an acronym that the Penn Treebank's news text never uses, or a "
         "dictionary word or its plural (NADPH, TARDIS, MHC, PAD, MODES: terms tagged ORG), unless the "
         "initials of an ORG name of three words or more in the dataset spell it (IPCC: "
         "organisations.acronym_of_organisation) or the "
         "question asks for a body "
         "that the acronym answers (What organization ...? CEPR; a bare who-question: Who holds the "
         "rights? ITV, no person is written in capitals: entities.asked_body); also any acronym a passage "
         "of "
         "the dataset writes in brackets right after a lower-case word, a term's short form (adenosine "
         "triphosphate (ATP), taking off vertically (VTOL aircraft): acronyms.term_acronym)", "evidence",
         _YAN),
    Rule("org.acronym-countable", "the passage writes the acronym with a plural s (MSPs): a role or a thing, "
         "not an organisation", "veto", _YAN),
    Rule("org.acronym-expanded", "the passage spells the acronym out (other words of one sentence): a full "
         "name that would keep the old "
         "name, or a term (adenosine triphosphate); or an organisation's initials stand in the texts in a "
         "form that cannot follow its renamed word (vBNS, ALPs, two renamed spans; Hamas beside HAMAS; "
         "BBC2HD: glued into a longer word), "
         "or a bracketed acronym that is not its initials follows a name of common words (GPhC); "
         "initials that can follow are renamed with it (ALP; ABC of Australian Broadcasting Corporation "
         "follows the country of its demonym; WMO of World Meteorological Organization, its two words "
         "renamed as one, gives their letters the new word's initial: HO; a form glued to a number or "
         "lower-case letters follows it, ABC1 → PRIDDY1, DECnet → BCnet: acronyms.glued_spans), and an "
         "acronym answer whose "
         "full name the "
         "passage writes as one ORG name is that organisation, renamed by its full name and left out by "
         "its rules (acronyms.expansion: KANU of Kenya African National Union)", "veto", _YAN),
    Rule("org.in-longer-name", "a renamed word of the organisation stands in another name of the passage",
         "veto", _ALL),
    Rule("org.word-elsewhere", "the distinctive common words of an organisation named by common words "
         "(Judicial of Judicial Council) also stand capitalised outside that name, where NER does not label "
         "it ORG alone (the Judicial Conference), or the name is cut out of a longer one (WMO Executive "
         "Council, Department for Culture, Media and Sport; not a name opening a sentence: 'QuickBooks. "
         "Death Wish Coffee'); a shorter form of "
         "the name (the Court of Justice of the European Court of Justice) and a party's word inside a "
         "sentence (the Conservatives, Conservative MPs) are the same body and follow it; a party named by "
         "its word alone (Labour) is left out where a capitalised use of the word opens a sentence or ends "
         "another name (Labour estimates, Department of Labour: entities.party_uses); or a renamed word "
         "stands glued to another name word (AppleTalk beside Apple: places.glued; round 36 read the "
         "question's 'Apple Talk' renamed while the passage kept AppleTalk)", "veto", _YAN),
    Rule("org.description", "an organisation named by common words is written after 'a'/'an' or a "
         "determiner of one body among many (an Executive Committee, their Annual Conference) or no strict "
         "majority of answers holds the name (a longer answer holding it keeps it: the election of the UK "
         "Labour Party): a description, not a name",
         "veto", _YAN),
    Rule("org.answer-is-place", "the answers name the place inside the organisation's name, not the "
         "organisation", "veto", _YAN),
    Rule("org.no-renamable-word", "the name has no word that can be renamed: no proper noun, rare word, "
         "acronym or place (a name of Greek letters, Alpha Phi Omega, has none: a letter renamed would "
         "half-rename it), and no descriptive words beside an organisation word (a body named by common "
         "words is renamed as a whole name, its descriptive words one nnp span: Judicial Council, Red Army: "
         "entities.distinctive_word; not words after 'of' that end with a common plural, League of Nations, "
         "Committee of Independent Experts: the members the body is made of, no name; a company's words "
         "before a company or trade word, General Electric, Visa Inc., Time Warner Cable, DIC Entertainment, "
         "the first alone before a trade noun, Troika of Troika Design Group (a word "
         "that only tiny gazetteer places bear, Time, Prospect, is no place): organisations.company_word; a "
         "one-word name of a common word that the question types by a trade's or a title's noun and the "
         "answers name, What petroleum company ...? Chevron, What magazine ...? Life, is renamed as a name "
         "word (not a creed, demonym, plural or organisation word, nor BSkyB, a contraction): "
         "entities.common_word_company; a demonym with common words "
         "renames its country, named in the passage, with the demonym, Scottish Parliament: "
         "organisations.demonym_place; where the country cannot follow (the United States) the demonym "
         "is kept and the descriptive words before the organisation word renamed, American Medical "
         "Association; a place adjective with common words only is renamed as a whole, a drawn name "
         "before its kept words, where its place stays unnamed, European Union → Harlow Union, EU → HU, a "
         "country's demonym by the demonym of a drawn country no text names, American Institute of "
         "Electrical Engineers → Kenyan Institute of Electrical Engineers: "
         "organisations.adjective_name; a body named by an organisation's acronym and words of its kind, "
         "WMO Executive Council, is that organisation's, its acronym renamed: organisations.owner_acronym; "
         "a body named by one word and its creed is renamed as a whole, the creed kept, at every mention of "
         "the two, United Methodist Church → Harlow Methodist Church, UMC → HMC: organisations.creed_name; "
         "a periodical's title words are its name, whatever bodies they modify, Science Magazine → Harlow "
         "Magazine: organisations.PERIODICAL_HEADS; a party's word alone that the dataset's ORG names write "
         "before Party, where a text speaks of parties, is that party, renamed as its name word at every "
         "mention, seats from Labour → seats from Harlow, Harlow leader: organisations.party_short_name; "
         "not Knight Ridder, no organisation word; Catholic Church, only a "
         "creed; National Assembly, a modifier of many bodies (before a service's word a name: Red Army → "
         "Harlow Army); Air Force or Supreme Court, a "
         "body named by its kind; Religious Coalition for "
         "Reproductive Choice, descriptive words in two places; Museum of the Moving Image, after 'of the')",
         "evidence", _YAN),
    Rule("org.named-after-person", "the organisation is named after a person of the dataset whose surname "
         "cannot be renamed at every mention (organisations.founder_span: Westinghouse Electric is renamed "
         "with George Westinghouse; not a name of a figure after 'of', Society of Jesus; not a surname that "
         "names a place, stands beside another name or in an eponym term, Tesla coil)", "veto", _YAN),
    Rule("org.word-not-renamable", "a name word that cannot be renamed (a place without evidence, a person "
         "of the passage whose surname organisations.founder_span cannot rename everywhere): renaming the "
         "others would split the name; a gazetteer place that the passage names as a place on its own (an "
         "NER GPE mention: Florida East Coast Railway beside 'other Florida destinations') or that ends "
         "'<organisation word> of <place>' as a state, country or city of ORG_CITY_POPULATION people "
         "(University of Erfurt) is that place, renamed at every mention: entities.body_of_place, "
         "entities.passage_places; a PERSON mention ending with an organisation word is the organisation "
         "mislabelled, no person of the passage (Getty Oil, Middleton Railway), as is one the passage writes "
         "in apposition with a kind of organisation (animation studio Cosgrove Hall: "
         "entities.mislabelled_organisation)", "veto", _YAN),
    # ---- names in general (place_spans)
    Rule("name.lower-case-word", "the name has a lower-case content word (not a gazetteer settlement's own "
         "particles: Rüdesheim am Rhein, places.particle_place)", "veto", _YAN),
    Rule("name.particle", "the name holds a particle (van, de, al …)", "veto", _YAN),
    Rule("name.looks-like-person", "an ORG / GPE name reads as a person's name (a bank first name first)",
         "veto", _ALL),
    Rule("name.and", "an organisation's name with 'and' or '&' of first names (a show, a partnership)",
         "veto", _YAN),
    # ---- places
    Rule("gpe.state-dynasty", "a historical state that is a dynasty, a ruling house (the Song dynasty, "
         "a lone 'the Jin' whose texts write no state kind): blind reads rejected every name a dynasty was "
         "given (round 30: Harlow dynasty; rounds 31 and 32: Kenyan dynasty, a ruling house is no country "
         "and takes no nationality) while accepting empires (Holy Roman Empire -> Maltese Empire); "
         "places.dynasty_state, also for EntSwap's places.renamable_states", "veto", _ALL),
    Rule("gpe.state-word-derived", "a historical state named by a distinctive word and its kind (Mongol "
         "Empire, Holy Roman Empire; places.state_word; a dynasty is left out: gpe.state-dynasty) is "
         "renamed as a country: its word takes the demonym of a drawn country no text names, each whole "
         "name a country span, its kind kept (Holy Roman Empire -> Maltese Empire; blind read round 31 "
         "rejected Holy Roman typed a nationality), the word alone a country (Mongol invasions -> Kenyan "
         "invasions) or, where its people are named, a nationality (the Mongols -> the Kenyans), the word "
         "only where an answer holds it alone; "
         "places.state_spans, places.state_name_spans, sampling.Sampler.mapping; EntSwap's nationalities of "
         "places.renamable_states, "
         "drawn after the named countries); left where the texts write another word of its stem (Mongolian, "
         "Mongolia), the word alone heading its phrase (the Jin.), before a capitalised word that is no "
         "state kind (Song Jiang, Ottoman Turkish), after one (Western Liao), in a language phrase or after "
         "an opening quotation mark (a cited name): the new demonym could not stand there "
         "(places.state_word_derived). A state named by a modern country's demonym (Dutch Republic) where "
         "no text names the country follows a drawn country the same way (demonyms.demonym_state)",
         "veto", _ALL),
    Rule("gpe.not-gazetteer", "a word of the GPE name is no gazetteer place (nor a direction / state form; "
         "historical states: Ethiopian Empire; a section of a bigger city, Manhattan or Brooklyn, "
         "is no city by itself; a dependent territory is no place unless it is a GeoNames city of a million "
         "people, "
         "Hong Kong: Lexicon.place_kind) and neither the passage (places.passage_place_kind: 'the town of "
         "Otrar', 'the Mongol "
         "Empire capital Karakorum', 'the capital from Karakorum in Mongolia to Khanbaliq', 'at Eisleben, "
         "his place of birth' make a city, "
         "'Khanbaliq (modern Beijing)' the kind of its modern name, 'Duke Richard II of Normandy', 'Count "
         "Albrecht of Mansfeld' a state) nor the question (a gazetteer town "
         "answering 'What town ...?', or a bare 'where' with 'at / in / near X' in the passage and no "
         "'Duke of X': places.asked_settlement; a dependent territory answering 'Which country ...?', "
         "Greenland: places.asked_country; a section of a bigger city, a gazetteer town or a name the "
         "dataset labels GPE, answering 'In what borough …?', 'What London neighborhood …?', a settlement "
         "question or, a gazetteer town, a bare 'where' with 'in X' in the passage, or written 'the "
         "borough of X' or 'X, <city of a million>', Shoreditch, London: places.section_city, renamed as a "
         "city), nor, for a "
         "name the dataset labels GPE answering 'where' "
         "or 'What town', the passage placing it as a settlement ('X, near Y', 'his birthtown, X', "
         "'X, <state>'; never 'the X': places.labelled_town), nor a GeoNames city of 100,000 people of "
         "that other name labelled GPE (Dyrrachium: places.city_exonym) gives it a place kind, nor is it a "
         "historical state named by a distinctive word and a state kind, or by a word with the kind glued "
         "to it (the Ilkhanate), or by a lone word after 'the' ending its phrase that the passage or, no "
         "common word, another passage of the dataset writes before a state kind (the Jin beside the Jin "
         "dynasty: places.state_spans, places.state_answers), nor is it a "
         "demonym of one country the texts name (Japanese answering 'Which country's cars …?' is Japan, its "
         "demonym following: organisations.demonym_place), or a lone demonym answer of one country "
         "(entities.asked_nationality: 'What nationality …?', or no other sense and no landform), nor is it "
         "a colony 'New <country>' no gazetteer knows (New France: places.colony_country; renamed as one "
         "state, its country and the country's demonym kept: blind read round 37 rejected New Afghanistan)",
         "evidence",
         _YAN),
    Rule("place.demonym-as-language", "a word derived from the country (demonym, adjective) is used as a "
         "language where no phrase shows it (entered Welsh at that time), or a gold answer holds the "
         "language (Mongolian, Tibetan, and Chinese): its new demonym cannot follow (a language phrase "
         "every occurrence of which names the language, in French, the German word, French:, is left whole "
         "and the country renamed, demonyms.language_use; so is an event's name the demonym opens "
         "coordinated with another name word, the French and Indian War (as EntSwap reads it: "
         "demonyms.coordinated_event); a demonym without -s used as the people, the "
         "French were, Southern Chinese were, is renamed with the new demonym's plural, "
         "demonyms.people_plural; demonyms used otherwise are renamed with the country; demonyms "
         "coordinated before a noun modify it: English, Scottish … MPs, a Thai/Japanese alliance; a gold "
         "answer is judged in its passage: demonyms.coordinated_end)", "veto", _ALL),
    Rule("place.derived-word-left", "a word derived from the country stands in the passage and cannot be "
         "renamed with it: a demonym of several referents (British beside England); Yan et al.: a word "
         "derived from a state or city, also one inside an organisation's name (Victorian beside Victoria "
         "or the Victoria Department of Education; a capitalised word opening with its whole name and "
         "going on in lower case, not its plural: Londonistan, the Italian Milano of a case name, round 34; "
         "places.derived_place_word); a country's combining form opening a hyphenated compound "
         "(Russo-Japanese War beside Russia, Franco-Prussian: places.combining_form) or a people's "
         "noun from a country's name in -ia (Serb beside Serbia, demonyms.people_stem_left; EntSwap too: "
         "the country and its demonym are left in that passage group, the Mongols beside Mongolian, round "
         "34); EntSwap: a "
         "derived "
         "word the passage group does not rename (those NER missed "
         "are added as nationalities of the renamed "
         "country, except words in -ic or -s and demonyms of another country; a demonym whose country's "
         "other derived word stands only in other passages of the article is kept: Scottish beside "
         "Scots law elsewhere), one that follows another "
         "country (Scotland beside British), a nationality whose country it names but does not rename "
         "(where it does not name the country, the article's decision on it: other American colonies "
         "left where the article leaves the United States), or "
         "a word derived from a city in its passage group (Parisian beside Paris: no bank gives a city's "
         "demonym; places.derived_place_word, as for Yan et al.)",
         "veto", _ALL),
    Rule("org.article-left", "a country written with 'the' after 'of' inside an organisation's name, "
         "renamed as its place, whose article cannot follow the new name: a capitalised word after it that "
         "may be a longer name's (the Court of the United States Army → 'of the Egypt Army'?; a lower-case "
         "noun after a body's name is the body's: a Supreme Court of the United States decision → 'of Egypt "
         "decision', substitute.heads_phrase; organisations.article_follows, as for a demonym's country)",
         "veto", _YAN),
    Rule("place.other-name", "the place is also called by another name (US, Warszawa) that would stay "
         "(Yan et al.: a country's code or canonical name takes its new name instead, United States and US "
         "→ Australia, places.alias_followers; not America, Great Britain, which name more). A city's "
         "GeoNames other name counts only where it stands with no capitalised word after it and opens with "
         "no place noun (Pittsburgh's Allegheny in 'Allegheny River', Fort Duquesne: the river, the fort; "
         "Lexicon.other_names_in)", "veto", _ALL),
    Rule("place.abbreviation-modifier", "a country's abbreviation (UK, US) stands before a currency (US$10), "
         "or a code that is no letter code (USSR) modifies a noun: the new country's full name cannot stand "
         "there (a letter code modifying a noun takes the new country's demonym: UK teachers → Egyptian "
         "teachers, the UK government → the Nauruan government; a code opening a hyphenated compound "
         "takes the new name: U.S.-based → Kenya-based; places.abbreviation_fits), except where "
         "a gold answer is the code alone, which would become the demonym (Where was it conducted? UK → "
         "Egyptian: places.answer_turns_adjective)", "veto", _YAN),
    Rule("place.region-of", "'the territory / island / county of <city>': not the city", "veto", _ALL),
    Rule("place.lower-case-mention", "the place also stands in lower case (the renamer renames names)",
         "veto", _ALL),
    Rule("place.listed-with-non-places", "the place stands in a list of mostly non-places (peoples); in "
         "EntSwap a list mate its article types as a place counts as one (Carillon, Quebec, and "
         "Louisbourg: Louisbourg a city by passage evidence)", "veto", _ALL),
    Rule("place.people-noun", "the place's name stands before people / nation / tribe "
         "(the Miami people): it names a people there, which a place's new name cannot", "veto", _YAN),
    Rule("place.team", "the city stands for a sports team named after it (Denver took the kickoff)", "veto",
         _YAN),
    Rule("place.in-longer-name", "the place also stands inside a longer name that may mean the place too or "
         "is named after it (Newcastle upon Tyne, North America, Mississippi River, Ohio Valley, the Ohio "
         "Country, New York City, East London, Vietnam War, Treaty of Paris), or glued into another name "
         "(NewcastleGateshead) or written as one word (Manakintown beside Manakin Town); a city joined by a "
         "hyphen to another gazetteer city names the area of both and is renamed in it (the San "
         "Bernardino-Riverside area: entities.twin_city); another "
         "referent's name (Mexico City beside Mexico, Fresno County, Lake Erie, Sea of Japan, Latin "
         "America, British America, a colony New <country>: New France, New England; Paris Hilton) is kept "
         "whole instead and the place renamed at its "
         "other mentions (PerturbableSpan.keep); the country's own name around its demonym (Saudi of "
         "Saudi Arabia, Soviet of Soviet Union) is not such a name: it is renamed whole "
         "(entities.kept_apart)", "veto", _ALL),
    Rule("place.inside-answer-name", "a gold answer holds the GPE only inside a longer name (Warsaw Stock "
         "Exchange, Denver Broncos, Washington Monument) or glued so the renamer cannot follow (Grand Canal "
         "d'Alsace): the answer is about that name, not the place (blind read round 16); the ORG configs "
         "rename the place as the organisation's place word", "veto", _YAN),
    Rule("place.institution-metonym", "a gold answer holds the GPE as a possessive before a unit or member "
         "noun of an institution (Chicago's physics department) and the passage names an institution after "
         "the place (University of Chicago): the place stands for the institution (blind read round 20)",
         "veto", _YAN),
    Rule("place.work-title", "a gold answer holds the GPE inside a work's title, a longer WORK_OF_ART "
         "mention (Good Morning America): a title, not a reference to the place", "veto", _YAN),
    # ---- EntSwap: evidence about a name is read in the whole article; occurrence checks (org-word-alone,
    # unclear-occurrence, alias-left, derived-word-left, answer-cut) in one passage group (passage, title,
    # questions, answers) for places and organisations, in the whole article for persons and demonyms
    Rule("entswap.common-word", "the article uses the word as often in lower case", "veto", _ES),
    Rule("entswap.rarely-labelled", "NER labelled fewer than 1 in 3 of its occurrences (a country or city "
         "the dataset labels GPE 3+ times, 3/4 of its labels, needs no label in the article; an ORG label of "
         "the surname of a full name the article labels PERSON counts, Davies beside Donald Davies, unless "
         "some text writes the surname in a term named after the person: Turing machines; a word of a full "
         "name NER labels PERSON that the article writes as a person's, not inside a longer name, Fort "
         "William Henry, labelled with no other category than an unusable one, no title, is the person's "
         "word, Newton of Isaac Newton, Black of Uyless Black, renamed with the full name: "
         "entswap.entities.full_name_word; this and entswap.no-category leave it out no more)", "evidence",
         _ES),
    Rule("entswap.no-category", "the labels give no usable category (a borough or district of a bigger "
         "city, Manhattan or Brooklyn, or one the article calls 'the Praga district', is no city; a state "
         "and city of 15,000 people, Quebec, is the city only where the article calls it one, 'the city of "
         "Quebec', or lists it among towns and cities only, 'at Malatya and Edessa', and writes no state "
         "use, 'the province of Quebec', 'upstate New York' (entswap.entities.called_city); a city "
         "written with its accents, Kraków, is GeoNames' city, and a GPE city (a town of 15,000 people "
         "too) whose name is a common word, Tours, Wheeling, is the city where the article writes its "
         "country or state after it, 'Tours, France', 'Wheeling, West Virginia' "
         "(entswap.entities.common_word_city); 'East London' beside London is a district, but a 'New' "
         "city, New Orleans, is its own city unless the "
         "article writes it in a foreign form, Nouvelle-Amsterdam). A GPE the gazetteer does not know as "
         "a city is one as another name of a GeoNames city of 100,000 people labelled GPE "
         "(places.city_exonym: a primary name the gazetteer lacks, Montreal; an old or foreign name labelled "
         "GPE twice in the dataset, Dyrrachium, not Byzantium once) or, when it is no gazetteer country or "
         "state, where a passage calls it a settlement ('the town of Pickawillany', 'his capital city "
         "Kaiping', 'Khanbaliq (modern Beijing)') or writes its state or country after it outside any list "
         "('in Xingzhou, Hebei'; not 'Valona, Kanina, Jericho', 'Annam, Champa, and Java': "
         "entswap.entities.region_after); a gazetteer town or city of 15,000 people, too small "
         "alone, where a passage lists it beside another city or writes its state after it ('Sandwich, "
         "Faversham and Maidstone', 'Biloxi, Mississippi'; not 'in Cheshire', a county), as is another "
         "name of a GeoNames city of that size the gazetteer lacks (Louisbourg); a locative preposition "
         "places either where the dataset labels it GPE 3 times, 3/4 of its labels ('settled in Dover', "
         "'supplies to Louisbourg': entswap.entities.passage_city, strongly_gpe). A dependent territory "
         "that is a GeoNames city of a million people is that city (Hong Kong: Lexicon.place_kind). "
         "A gazetteer city NER labels ORG, PERSON or a minority "
         "label is the city where a passage lists it beside a gazetteer town or city, writes its state after"
         " it or, when it is no state too, writes it after in / from / to / near (places.placed_as_city: "
         "'Sandwich, Faversham and Maidstone', 'between Bari and Tarsus', 'Waterford, Pennsylvania'; not 'at"
         " Dartmouth', 'in Kent'), calls it a settlement ('the port of Copenhagen') or besieges it "
         "('besieged Xiangyang'); so is a name no gazetteer lists as a city where a passage calls it a "
         "settlement ('the village of Fraissinet-de-Lozère', 'the Mongol capital from Karakorum'; "
         "capitalised words opening with no place noun, never after 'the river …': "
         "entswap.entities.called_settlement); so is "
         "a small settlement (a gazetteer town of any size that is no "
         "bank name word, Portarlington, Youghal; another name of a GeoNames city of 15,000 people, "
         "Valona; never a name mostly labelled LOC, FAC or NORP: entswap.entities.small_settlement) a "
         "passage lists beside a city or, unknown to the gazetteer, writes after in / from / to / near, "
         "where the article reads it as no person (a PERSON label with a pronoun after"
         " it, a kinship or role noun, a full name ending with it) nor organisation (an organisation word "
         "after it: Dartmouth College): entswap.entities.located_cities; so is a gazetteer city NER left "
         "unlabelled in a passage's list of three or more places, each a gazetteer name, beside a city of "
         "the article ('Aix, Bordeaux, Bourges, Lyons, Meaux, Orleans, Rouen': "
         "entswap.entities.listed_cities, places.listed_items). A one-word name labelled "
         "otherwise is a person where the "
         "article attests one (entswap.entities.attested_person: a PERSON label somewhere or a kinship / "
         "role noun beside it, and most of its passages saying a person: Céloron, 'his grandson Kaidu'; "
         "never a name written 'in X', nor a gazetteer place unless it ends a full name the article labels "
         "PERSON and every passage writing it says a person: Washington of George Washington); a full "
         "name labelled ORG / GPE / LOC that "
         "reads as a person's (persons.looks_like_person, as in the Yan et al. configs), names no place or "
         "organisation and that a passage shows a person by (a PERSON label, a pronoun, a kinship or role "
         "noun, a person noun right before it or its apposition (fighter ace Adolf Galland, the last Prime "
         "Minister of …, Lothar de Maizière: entswap.person_evidence.person_noun_before), for a bank first "
         "name and name words the agent's 'by' before it (described by Giovanni Branca in 1629, implemented "
         "in Africa by Cecil Rhodes: entswap.person_evidence.agent_before), "
         "a listing beside a full name (perhaps after the place it is of: Friedrich Ratzel of Germany "
         "and Halford Mackinder), a title of rank or office opening it, an epithet ending it: "
         "entswap.entities.person_typed_other, titled_name, epithet_name; Laszlo Babai and Eugene Luks, "
         "Baron Dieskau, Suleiman the Magnificent; not 'Merrill Lynch and another banking firms') is a "
         "person, the name word after a title of no ruler its surname even where a gazetteer lists it as a "
         "town, a given name before an epithet typed by the bank's sex where no pronoun does", "evidence",
         _ES),
    Rule("entswap.person-typed-other", "a person's name typed ORG / LOC / GPE that the article does not "
         "attest as a person (entswap.entities.attested_person), or a PERSON name with a word mostly "
         "labelled otherwise, unless the dataset labels the whole name mostly PERSON and it reads as a "
         "person's (Lexicon.looks_like_person: Christian Whiton; not Byzantine Greece) or the article shows "
         "a person where the label ties (entswap.entities.shown_person: Jean Ribault)", "veto", _ES),
    Rule("entswap.labels-disagree", "an organisation / location whose labelled mentions disagree", "veto",
         _ES),
    Rule("entswap.weak-lone-name", "a lone person word that is no common first name labelled twice or "
         "after a title, nor a family name written alone (entswap.entities.lone_surname: a surname the "
         "dataset knows alone, persons.famous_surname, or a name word after a title of office or rank and "
         "before no other name word, Colonel Monckton, Mr Ratti's; renamed as a surname), nor a lone name "
         "a person noun stands right before ('the French philosopher Voltaire', 'his mother Kökejin', "
         "'prince Bohemund I': a regnal numeral may follow; typed by the kinship noun or the bank, else a "
         "surname), a Census surname the article labels PERSON "
         "twice, nor a given name a ruler's title follows in a PERSON mention, typed by the title (Möngke "
         "Khan, Töregene Khatun, Dawlat Shah; the title kept: entswap.entities.trailing_title; not Great "
         "Khan), nor a famous mononym English knows well (Stalin: entswap.person_evidence), each written "
         "as a name (never after 'the', alone in brackets or beside a word derived from it: Aristotelian)",
         "evidence", _ES),
    Rule("entswap.question-only-name", "a PERSON full name or an organisation's name that only questions "
         "write, never a passage (a misspelt passage name: 'Donald Davis' beside 'Donald Davies', whose "
         "'Davis', written after the person's given name, is renamed with Davies: "
         "entswap.entities.after_same_name; SQuAD "
         "2.0's twist of one: 'Music University of Technology'); not a passage's full name written without "
         "its accents, the same person (Pedro Menendez de Aviles: entswap.entities.passage_spelling)",
         "evidence", _ES),
    Rule("entswap.opens-and-ends", "a word that opens one full name and ends another (not the given name "
         "of a Chinese name that is the family name of others: Shi of Yan Shi and Shi Tianze, a family "
         "name alone, the given name renamed inside its unit)", "veto", _ES),
    Rule("entswap.not-strong-name", "a multi-word person name of weak name words: no bank name beside an "
         "unlisted word, and neither a full name the dataset labels PERSON (persons.gendered_full_name; or "
         "given names of one sex the name data do not doubt before a rare surname no dictionary lists: "
         "persons.unlisted_surname_name, Franciszek Szanior, Mustafa Kemal Atatürk, not Jan Andrzej Menich, "
         "never a name some text writes alone in brackets, City Council (Rada Miasta)) nor "
         "one the article's words around it show a person's (entswap.entities.attested_full_name, "
         "person_context: pronouns agreeing on one sex, a title or person noun before it, a listing beside "
         "a person: Raouf Khayrat … he, philosopher Henry David Thoreau, general Philaretus Brachamius); no "
         "word a dictionary word, title or place but a bank first name before the surname", "evidence", _ES),
    Rule("entswap.not-name-words", "a PERSON mention that no reading makes name words: not the bank "
         "name words of entities.person_parts, no surname opened by a particle (Guy de Lusignan, Hasan "
         "al-Hudaybi: entities.particle_parts; Carlos Salinas de Gortari, François-Charles de Bourlamaque: "
         "entities.compound_particle_parts on the shared persons.particle_name, the given name's sex shown, "
         "or a name read by Arabic conventions, its given name and family part each one word of the "
         "article: Abu Hamza al-Masri, Muhammad Abd al-Salaam Farag, entities.arabic_reading on the shared "
         "persons.arabic_name, the family word alone or with its article following: Al Banna; "
         "no surname word a common word or a place the article writes alone, no capitalised particle: "
         "Jacob Van Braam), no title and surname a lower-case particle opens (Marquis de Vaudreuil: "
         "entswap.entities.titled_particle_parts on persons.particle_surname), no full name the dataset "
         "labels PERSON "
         "(persons.gendered_full_name) nor one whose common-word surname every text of the article "
         "capitalises only in the name (Uyless Black: persons.common_word_surname) or whose given name or "
         "surname is such a common word or a well-known word beside a name word (Edward Said, Al Capone, "
         "Joseph Stalin, Henry Louis Gates, Michael Faraday: persons.common_word_name, its gazetteer words "
         "capitalised only in the name, a PERSON mention or before another name, its given name of no mixed "
         "sex, never after 'the': the Stanley Steamer), nor a lone surname of the article's full names "
         "that NER "
         "labels PERSON (Bismarck of Otto von Bismarck, a gazetteer town the article writes only in PERSON "
         "mentions: entswap.entities.place_use), nor a famous mononym English knows well that the dataset "
         "labels PERSON (Stalin: entswap.person_evidence.famous_mononym)",
         "evidence", _ES),
    Rule("entswap.org-word-alone", "a word or the initials of the organisation's name stand alone in the "
         "passage group and are not renamed with it: not its organisation word (the new name shares it: the "
         "Commission) when the name holds a word that is no common word, not a place, people or common word "
         "(Scottish MPs beside Scottish Parliament; but a party's: Conservative MPs), not a short form that "
         "follows the new name (initials, a lone word NER labels mostly ORG: NSF takes the new name's "
         "initials) unless two organisations share it (Harvard of Harvard University and Harvard College); "
         "a city's or person's name that is the name's one other word, written alone by a question while the "
         "passage writes it only inside the name (Cambridge beside University of Cambridge: Oxford and "
         "Cambridge), and initials glued into a longer word (DECnet) veto it too",
         "veto", _ES),
    Rule("entswap.unclear-occurrence",
         "an occurrence in the passage group (in the article for a person's name word or a demonym, "
         "but a question's own longer name holding a given name written alone elsewhere, Prince Louis "
         "de Conde beside Louis XIV, leaves the person and the full names sharing its words in that "
         "question's passage group only: entswap.entities.twisted_words; a "
         "city or location the article names in a peerage is left everywhere, a country only in the "
         "passage group writing it: Prussia alone never names the Duke of Prussia) inside a longer name, "
         "in a peerage, written glued to another word or as one word by a passage (Manakintown beside "
         "Manakin Town: places.glued; a question's own twist, Red ArmyWarsaw Uprising, vetoes nothing), "
         "(a city before a plural the dataset labels NORP names that people's share of it and is renamed "
         "there: the Berlin Huguenots), "
         "a city of several words whose last word stands alone in the group, in no name of the article "
         "(born in Wola, Maria Wola beside the village of Żelazowa Wola; not La Rochelle beside New "
         "Rochelle, not Cape Town's Town: entswap.entities.last_word_alone), "
         "with an article the renamer cannot follow, given as a spelling of another name (formerly "
         "spelled Warszewa and Warszowa), after a region noun heading its list (the German territories "
         "of Baden, Franconia), a city every occurrence of which modifies one lower-case noun (Mechlin "
         "patterns on Lille ground … Lille ground: a craft's term named after the city), "
         "a city a question writes alone while the passage writes it only inside the name of an "
         "organisation named after it (trained at Cambridge beside University of Cambridge), "
         "an organisation after 'a' (a directly elected Scottish Assembly: a kind of body) or inside "
         "'<Name> for a …' (Campaign for a Scottish Assembly), "
         "before a people noun (a demonym before people or nation only where the article names its "
         "country; before a lower-case church it is renamed, the French church; before a language word "
         "the phrase is the language's, left whole: the French language, a French Bible, non-French "
         "linguistic origins), a demonym in its passage group (not its article, not the title) as a "
         "language after a language word of its sentence (Norman words … entered Welsh), before a plural "
         "people or faith group (French Huguenots; not French Catholics, French Australians), after a "
         "compass word (North American provinces) or opening a fixed name of its country's own body, law "
         "or people that cannot take the new demonym: one the demonym closes (the Free French), one "
         "holding another people's word (French Norman name) or a word of no English (Pole Mokotowskie); "
         "other such names are renamed inside with the country where the passage group names the country "
         "(not the Indian Health Service in a passage naming no India: American Indians) (French "
         "Protestant Church of London: "
         "Chadian Protestant Church of London; British Nationality Act; not a place, English Channel, "
         "nor an event or state of two countries, French and Indian War, kept whole while the country "
         "is renamed; a state, event or body of its one country, the second German Empire, Scottish "
         "Constitutional Convention, is renamed inside with the country: Somali Empire): the demonym "
         "and its country are then left in that passage group, "
         "as a language in a phrase that elsewhere is no language use (in French beside in "
         "French territory, compared to Chinese; a plural is the people and renamed: to Austrians), "
         "as a list of demonyms heading its phrase, peoples the renamer would read as adjectives (the "
         "French, British and Dutch fought; coordinated adjectives before their noun are renamed, the "
         "Kenyan and British forces, and so is a demonym of several referents used as the people, the "
         "British → the Kenyans), or "
         "opening a name also written as initials of three letters or more (Scottish National Party, "
         "SNP; not US Secretary of State beside US); or a word of a person's "
         "name whose other words are not renamed. A given name that only ever stands inside longer names "
         "is not vetoed with its person: the person's full names are renamed as a unit (Louis Menand "
         "beside Henry Louis Gates) and only the lone word is recorded here; nor is a given name of another "
         "full name renamed whole where a full name whose surname is not renamed holds it: that name is "
         "left whole at its mentions (in any accents, with middle names or initials: John Harvard, John W. "
         "Weeks; the byname John of London with it) and the given name renamed at the others' (John Adams, "
         "John Hancock: entswap.entities.other_full_name; a renamed surname, Kennedy of John Kennedy, "
         "still leaves its name's words out); a full name whose surname a "
         "lower-case particle opens (Guy de Lusignan, Roger de Tosny; not Jacques de Bordeaux beside the "
         "city Bordeaux) is a given name and a surname that its particle opens, no longer name; the "
         "particle is renamed with the surname (Emil von Behring → Evance Masese, round 23). "
         "A place inside the longer "
         "name of another referent (Lake Erie, Massachusetts Bay, a treaty or meeting named after a city: "
         "Treaty of Paris) is not vetoed: the longer name is left whole and the place renamed at its own "
         "mentions; so are a colony named New <country> (New France), a language phrase (spoke French, "
         "the Chinese language), a fixed name a demonym opens (German Civil Code, Russo-Japanese War, "
         "in any casing; not a plural, an office, 'a Spanish court', a state's own organ, "
         "regime or policy, its own revolution, rebellion or uprising (Iranian Revolution follows Iran), "
         "nor words that describe: a name after it, a plural head or 'of' a country: "
         "the Mongolian Borjigin clan, the Dutch Customs Authorities, the German Invasion of Poland), a "
         "demonym inside the capitalised words joined before it or a place's name (Norman French, Old "
         "English, Anglo-French, Free French, English Channel: left whole there only; a name the article "
         "writes without it after it is described by it and renamed: the French Fort Duquesne; not after "
         "'<Name> of': Hundreds of French; not hyphen-joined to another people's word, Norman-Irish, "
         "Swiss-Austrian, which leave the demonym out there, round 38) and a "
         "thing named after a city (Glasgow Airport Rail Link; a name of the city and common words takes "
         "its new name wherever the city is renamed, alone or only there: Dublin Castle, London "
         "Exhibition, Edinburgh Tram Network, the Warsaw Ghetto, its own upheaval the Warsaw Uprising, "
         "round 34; not an event, agreement or law named after it, Paris Peace "
         "Conference, Lisbon Treaty, Quebec Act: entswap.entities.FIXED_AFTER_CITY), nor a person's name "
         "word inside the "
         "name of a place or building that a passage writes (Fort Edward, St. Johns River, Elizabeth "
         "Schlesinger Library: left whole, the person renamed at their own mentions), nor a surname "
         "inside an institution named after the person that a passage writes (Edison Machine Works: left "
         "whole as in per.shares-words, entswap.person_evidence.kept_eponym_terms; so is one opened by the "
         "surname of a person the article names in full and a common or organisation word that is no title "
         "or place noun, the person's name words written before the surname left whole with it: Hutchinson "
         "Commons, Ryerson Physical Laboratory, Frédéric Chopin Piano Competition, Yan et al.'s "
         "entities.named_after_person reused by entswap.entities._Occurrences.institution_after; a "
         "term named after the person, the Savery engine, Karp reductions, leaves the person out; a term "
         "only a question writes is renamed "
         "with the person). Two coordinated "
         "peoples (the French and "
         "British) are plural nouns; a demonym for the people with no 'the' right before it (intermarried "
         "with Dutch, the outnumbered French, the Northern Chinese were) is left out of that passage group "
         "(a people's demonym of several referents, the British, beside the demonym of one of its parts, "
         "the English, everywhere: demonyms.shared_here) "
         "only, and so is a demonym whose only problem use is a question's own (compared to Chinese, the "
         "ratio of British settlers to French: SQuAD 2.0's wording), read in the question's passage group "
         "and not the article's. A people's word before a demonym makes an ethnonym left whole there (Han "
         "Chinese, as Norman French); a faith's or party's word describes it (Catholic French is renamed). "
         "Two places or "
         "demonyms joined by a hyphen "
         "(Israel-Lebanon conflict) are two names, not one longer name. A question's own twist of a "
         "place's or demonym's wording (the England's, Old France, Germany Pitsudski war, What French City: "
         "SQuAD 2.0's unanswerable questions; a longer name no passage writes, also one that reads as a "
         "thing named after a place, Warsaw Palace for the passage's Warsaw's; for a person's name word "
         "also no other name word: Who did Emma Marry?, Lor Loudoun; a question without its question "
         "mark opens with a question word: What did Donald Davies Develop) keeps the twist "
         "around the new name. A firm named after two persons renamed on their own (Boulton & Watt) is "
         "renamed with them; a common word and a ruler's title after a person's name is a title given, "
         "kept around the new name (proclaimed Ariq Böke Great Khan). A country "
         "after an era, regime or firm word (Yuan China, Imperial Russia,"
         " Telecom Australia; after an era adjective a use of the country alone, also where a passage group "
         "writes it only so: the defeat of Napoleonic France, Imperial Russia; not Congress Poland, Bell "
         "Canada), a country before an office (former Poland Prime Minister: "
         "a use of it alone) and a demonym for the people (the French were: the Kenyans were) "
         "are renamed",
         "veto", _ES),
    Rule("entswap.alias-left", "another name of the referent stands in the passage group, not inside another "
         "place's name (America of North America), and is not renamed (a letter code, a dotted code that "
         "may end a sentence, a name NER missed), or another spelling of a person's name word is not "
         "renamed (Ogedei beside Ögedei; spellings and nickname pairs otherwise share one new name), nor "
         "another spelling of a place (Krakow beside Kraków); a person's word or a place written with other "
         "diacritics is one referent whose every form takes its one new name (a question's Krakow beside "
         "the passage's Kraków: spellings.accent_variants, entswap.entities.person_spellings), and a "
         "city's GeoNames other name that is such a spelling vetoes nothing", "veto",
         _ES),
    Rule("entswap.no-new-name", "the bank gives the referent no new name the article can take: the "
         "article's other referents took every fitting one, or the article writes it (the Imperialism "
         "article names 31 countries and the peoples of 12 more, many African: the 54 African countries "
         "run out; the countries an "
         "article mentions most draw first, entswap.mapping.entity_mapping), or none fits (an "
         "organisation word no African organisation has)", "veto", _ES),
    Rule("entswap.answer-cut", "renaming the surface as a unit would cut an answer of the passage group, or "
         "it answers a "
         "question asking for a work; a place's other names and demonyms go with it (U.S. cut: US stays)",
         "veto", _ES),
)}


@dataclass(frozen=True)
class Fired:
    """A rule that removed a candidate: the rule id, the candidate's text, its would-be type (``per``,
    ``org``, ``gpe`` or an EntSwap category) and its start in the passage (``-1`` when not one mention)."""

    rule: str
    text: str
    entity_type: str
    start: int = -1


#: Example id (or EntSwap article) → the rules that removed its candidates, in decision order.
Trace = list[Fired]


def fire(trace: Trace | None, rule: str, text: str = "", entity_type: str = "", start: int = -1) -> None:
    """Record that ``rule`` removed the candidate ``text`` (no-op without a trace)."""
    if rule not in RULES:
        raise KeyError(f"unknown rule id {rule!r}: add it to entity_renaming.rules.RULES")
    if trace is not None:
        trace.append(Fired(rule, text, entity_type, start))


class Why:
    """The rule that made a span function return no spans (set by the function, read by its caller)."""

    __slots__ = ("rule",)

    def __init__(self) -> None:
        self.rule = ""

    def no(self, rule: str) -> list:
        """Remember ``rule`` and return ``[]`` (``return why.no("per.no-gender")``)."""
        if rule not in RULES:
            raise KeyError(f"unknown rule id {rule!r}: add it to entity_renaming.rules.RULES")
        self.rule = rule
        return []


def no(why: Why | None, rule: str) -> list:
    """``why.no(rule)``, or ``[]`` without a :class:`Why`."""
    return why.no(rule) if why is not None else Why().no(rule)


def first_rule(entity_type: str, fired: Trace) -> str:
    """The first rule that removed a candidate of ``entity_type`` (``mix``: of any type), else
    ``ner.no-answer-mention``."""
    return next((f.rule for f in fired if entity_type in ("mix", f.entity_type)), "ner.no-answer-mention")


def veto_reason(entity_type: str, fired: Trace) -> str:
    """The out-of-scope reason of an example for ``entity_type``: :func:`first_rule`."""
    return f"no perturbable {entity_type} answer entity: {first_rule(entity_type, fired)}"
