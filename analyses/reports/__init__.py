"""Reports: the HTML pages and report.json of a study, a compare page and a skill trace — their
sections, tables, figures and findings, the one family of tests per page, and the measures
(analyses.reports.metrics: each declared once) they show.
"""
